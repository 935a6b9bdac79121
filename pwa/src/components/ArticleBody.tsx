import { Fragment, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Block } from '@redaktion/shared/content/tree';
import { BlockView, type BodyParts } from '@redaktion/shared/content/render';
import { blocksIn } from '@redaktion/shared/content/walk';
import { useI18n } from '../i18n';
import { imageSources } from '../data/image-sources';
import { usePlayer } from '../state/player';
import { AdSlot } from './AdSlot';
import { YOUTUBE_ORIGIN } from './youtube';

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

/** Whether a body holds a YouTube video, wherever it stands (a fact box, a quote or a list may hold one). */
export function embedsYouTube(blocks: Block[]): boolean {
  return blocksIn(blocks).some((block) => block.type === 'youtube');
}

/**
 * A page the server rendered with a YouTube video in its article is the only kind whose security policy allows
 * YouTube's player (contract §9); this tag in its head tells the app so. A page reached inside the app keeps the
 * document, and the policy, the reader first loaded.
 */
const PLAYER_META_NAME = 'youtube-player';
export const YOUTUBE_PLAYER_META = `<meta name="${PLAYER_META_NAME}" content="allowed">`;
const playerAllowed = () => document.querySelector(`meta[name="${PLAYER_META_NAME}"]`) !== null;
/** Carried in the history entry across the reload below, so that no address ever starts a video by itself. */
const PLAY_ON_LOAD = 'playYouTube';

/** Nothing of YouTube loads until the reader asks: the thumbnail comes through the server, the player on the click. */
function YouTubeFacade({ videoId }: { videoId: string }) {
  const { t } = useI18n();
  const [playing, setPlaying] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const title = t('article.videoTitle');

  // The page loaded again to play this video (below) plays it, once.
  useEffect(() => {
    if ((history.state as Record<string, unknown> | null)?.[PLAY_ON_LOAD] !== videoId || !playerAllowed()) return;
    history.replaceState({ ...history.state, [PLAY_ON_LOAD]: undefined }, '');
    setPlaying(true);
  }, [videoId]);
  // After such a load the page starts at its top: the player is brought into view (one already in view stays put).
  useEffect(() => {
    if (playing) box.current?.scrollIntoView({ block: 'nearest' });
  }, [playing]);

  const play = () => {
    if (playerAllowed()) {
      setPlaying(true);
      return;
    }
    // This document's policy has no room for YouTube's player: the article's own page, loaded afresh, has.
    history.replaceState({ ...history.state, [PLAY_ON_LOAD]: videoId }, '');
    location.reload();
  };

  return (
    <div className="video-embed" ref={box}>
      {playing
        ? <iframe src={`${YOUTUBE_ORIGIN}/embed/${videoId}?autoplay=1`} title={title} allow="autoplay; encrypted-media; picture-in-picture; fullscreen" allowFullScreen />
        : (
          <button type="button" className="video-facade" aria-label={t('article.playVideo', { title })} onClick={play}>
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
          <button type="button" className="btn btn-outline btn-sm" onClick={() => open({ kind: 'episode', id: Number(block.ref), title: card.title, imageUrl: card.image, duration: 0 }, audio, false, true)}>
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
