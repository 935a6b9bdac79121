import { Fragment, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Block } from '@redaktion/shared/content/tree';
import { BlockView, type BodyParts } from '@redaktion/shared/content/render';
import { useI18n } from '../i18n';
import { imageSources } from '../data/image-sources';
import { usePlayer } from '../state/player';
import { AdSlot } from './AdSlot';

/** An article kept on the device before the format came has its plain text only: its paragraphs are its body. */
export function bodyOf(article: { body?: Block[]; content?: string }): Block[] {
  return article.body ?? (article.content ?? '').split(/\n\s*\n/).filter((text) => text.trim())
    .map((text) => ({ type: 'paragraph', children: [{ type: 'text', value: text }] }));
}

/**
 * An article's body from the tree the server parsed (contract §9), so the reader needs no Markdown parser to hydrate.
 * Ads (under `adsKey`) follow every 4th top-level block (reader-area.md §2), never inside a list, quote, table or fact box.
 */
export function ArticleBody({ body, adsKey }: { body: Block[]; adsKey: string | null }) {
  const middle = Math.floor(body.length / 2);
  return (
    <div className="article-body">
      {body.map((block, index) => (
        <Fragment key={index}>
          <BlockView block={block} parts={READER_PARTS} />
          {adsKey && (index + 1) % 4 === 0 && index + 1 < body.length && <AdSlot placement="inline" index={(index + 1) / 4 - 1} viewKey={adsKey} />}
          {adsKey && index === middle - 1 && body.length >= 3 && <AdSlot placement="article-middle" viewKey={adsKey} />}
        </Fragment>
      ))}
    </div>
  );
}

/** Nothing of YouTube loads until the reader asks: the thumbnail comes through the server, the player on the click. */
function YouTubeFacade({ videoId }: { videoId: string }) {
  const { t } = useI18n();
  const [playing, setPlaying] = useState(false);
  const title = t('article.videoTitle');
  return (
    <div className="video-embed">
      {playing
        // The site's own frame holds YouTube's player: no page but that one allows YouTube (contract §9).
        ? <iframe src={`/embed/youtube/${videoId}`} title={title} allow="autoplay; encrypted-media; picture-in-picture; fullscreen" allowFullScreen />
        : (
          <button type="button" className="video-facade" aria-label={t('article.playVideo', { title })} onClick={() => setPlaying(true)}>
            <img src={`/api/youtube/thumbnails/${videoId}`} alt="" loading="lazy" decoding="async" onError={(event) => { event.currentTarget.hidden = true; }} />
            <span className="video-facade-play" aria-hidden="true">▶</span>
          </button>
        )}
    </div>
  );
}

/** The site's own episode, article, video or person as a card; an episode the reader may hear plays in the site's player. */
function EmbedCard({ block }: { block: Extract<Block, { type: 'embed' }> }) {
  const { t } = useI18n();
  const open = usePlayer((state) => state.open);
  const card = block.card;
  if (!card) return <p><Link to={block.path}>{block.path}</Link></p>;
  const audio = card.audio;
  return (
    <div className={`embed-card embed-${block.kind}`}>
      {card.image && <img src={card.image} {...imageSources(card.image, '120px')} alt="" width={120} height={80} loading="lazy" />}
      <div>
        <Link to={block.path} className="embed-title">{card.title}</Link>
        {audio && (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => open({ id: Number(block.ref), title: card.title, imageUrl: card.image, duration: 0 }, audio, false, true)}>
            {t('article.listenTo', { title: card.title })}
          </button>
        )}
      </div>
    </div>
  );
}

const READER_PARTS: BodyParts = {
  Link: ({ href, children }) => (href.startsWith('/') ? <Link to={href}>{children}</Link> : <a href={href} rel="noopener">{children}</a>),
  Image: ({ src, alt }) => <img src={src} {...imageSources(src, '(max-width: 800px) 100vw, 720px')} alt={alt} loading="lazy" decoding="async" />,
  YouTube: YouTubeFacade,
  Embed: EmbedCard,
};
