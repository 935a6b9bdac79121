import { renderToStaticMarkup } from 'react-dom/server';
import type { LiveEntry, LockedLiveEntry } from '@redaktion/shared';
import { embedsIn, type Block } from '@redaktion/shared/content';
import { Blocks, type BodyParts } from '@redaktion/shared/content/render';
import type { LiveEntryRow } from '../db/rows.js';
import { toBool, toIso } from '../db/values.js';
import type { EmbeddedItems } from '../services/content/embeds.js';
import { bodyOf } from '../services/content/article-body.js';
import { bodyWithCards } from './content.js';

/**
 * An entry's `html` (contract §9 [live]) is its body as the article page renders it: the same blocks through the same
 * renderer, with parts that need no script: the site's links as plain links, a YouTube video as its thumbnail
 * (served by the site) linking to the video, and the site's own items as cards. Nothing of YouTube loads with it.
 */
const PARTS: BodyParts = {
  Link: ({ href, children }) => (href.startsWith('/') ? <a href={href}>{children}</a> : <a href={href} rel="noopener">{children}</a>),
  Image: ({ src, alt }) => <img src={src} alt={alt} loading="lazy" decoding="async" />,
  YouTube: ({ videoId }) => (
    <div className="video-embed">
      <a className="video-facade" href={`https://www.youtube.com/watch?v=${videoId}`} rel="noopener">
        <img src={`/api/youtube/thumbnails/${videoId}`} alt="" loading="lazy" decoding="async" />
        <span className="video-facade-play" aria-hidden="true">▶</span>
      </a>
    </div>
  ),
  Embed: ({ block }) => (block.card ? (
    <div className={`embed-card embed-${block.kind}`}>
      {block.card.image && <img src={block.card.image} alt="" width={120} height={80} loading="lazy" />}
      <div><a href={block.path} className="embed-title">{block.card.title}</a></div>
    </div>
  ) : <p><a href={block.path}>{block.path}</a></p>),
};

export const entryHtml = (body: Block[]): string => renderToStaticMarkup(<Blocks blocks={body} parts={PARTS} />);

/** The embeds of these entries, for one lookup of their cards. */
export const entryEmbeds = (rows: LiveEntryRow[]) => rows.flatMap((row) => embedsIn(bodyOf(row)));

const common = (row: LiveEntryRow) => ({
  id: row.id,
  createdAt: toIso(row.createdAt) ?? '',
  updatedAt: toIso(row.updatedAt) ?? '',
  title: row.title,
  keyEvent: toBool(row.keyEvent),
  pinned: toBool(row.pinned),
});

/**
 * An entry in full: its Markdown, its body with the cards of its embeds, and its HTML. One serialization serves every
 * reader of the article, so an embedded episode's card carries audio only when it is free.
 */
export const toLiveEntry = (row: LiveEntryRow, items: EmbeddedItems): LiveEntry => {
  const body = bodyWithCards(bodyOf(row), items, 'reader');
  return { ...common(row), content: row.content, html: entryHtml(body), body, author: { name: row.authorName } };
};

/** An entry of a premium live article for a reader who is not entitled: its title and time, never its text. */
export const toLockedLiveEntry = (row: LiveEntryRow): LockedLiveEntry => ({ ...common(row), locked: true });
