import { z } from 'zod';
import { blocksIn } from './walk.js';

export { blocksIn, imagesIn } from './walk.js';

/**
 * An article's body as every output reads it: the Markdown of contract §9 parsed once (`parseArticle`) into this tree,
 * which names only what the format allows. The reader page builds React elements from it, feeds and mail escaped
 * HTML, search its words: nothing a person typed becomes markup outside these nodes, by construction.
 */
export type Inline =
  | { type: 'text'; value: string }
  | { type: 'emphasis' | 'strong'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] };

/** What an embed of the site's own points at; the server adds the card's title and image when it serves the body. */
export const EMBED_KINDS = ['podcast', 'article', 'watch', 'people'] as const;
export type EmbedKind = (typeof EMBED_KINDS)[number];

export interface EmbedCard {
  title: string;
  image: string | null;
  /** An episode's audio, present only where the reader may hear it (the card then plays in the site's player). */
  audio?: string | null;
}

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; depth: 2 | 3; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number | null; items: Block[][] }
  | { type: 'quote'; children: Block[] }
  | { type: 'table'; align: ('left' | 'right' | 'center' | null)[]; head: Inline[][]; rows: Inline[][][] }
  | { type: 'figure'; src: string; alt: string; caption: Inline[]; credit: string }
  | { type: 'factbox'; title: Inline[]; children: Block[] }
  | { type: 'youtube'; videoId: string }
  | { type: 'embed'; kind: EmbedKind; ref: string; path: string; card?: EmbedCard | null };

const inline: z.ZodType<Inline> = z.lazy(() => z.union([
  z.object({ type: z.literal('text'), value: z.string() }),
  z.object({ type: z.enum(['emphasis', 'strong']), children: z.array(inline) }),
  z.object({ type: z.literal('link'), href: z.string(), children: z.array(inline) }),
]));

export const embedCardSchema = z.object({ title: z.string(), image: z.string().nullable(), audio: z.string().nullable().optional() });

export const blockSchema: z.ZodType<Block> = z.lazy(() => z.union([
  z.object({ type: z.literal('paragraph'), children: z.array(inline) }),
  z.object({ type: z.literal('heading'), depth: z.union([z.literal(2), z.literal(3)]), children: z.array(inline) }),
  z.object({ type: z.literal('list'), ordered: z.boolean(), start: z.number().int().nullable(), items: z.array(z.array(blockSchema)) }),
  z.object({ type: z.literal('quote'), children: z.array(blockSchema) }),
  z.object({
    type: z.literal('table'),
    align: z.array(z.enum(['left', 'right', 'center']).nullable()),
    head: z.array(z.array(inline)),
    rows: z.array(z.array(z.array(inline))),
  }),
  z.object({ type: z.literal('figure'), src: z.string(), alt: z.string(), caption: z.array(inline), credit: z.string() }),
  z.object({ type: z.literal('factbox'), title: z.array(inline), children: z.array(blockSchema) }),
  z.object({ type: z.literal('youtube'), videoId: z.string().regex(/^[\w-]{11}$/) }),
  z.object({ type: z.literal('embed'), kind: z.enum(EMBED_KINDS), ref: z.string(), path: z.string(), card: embedCardSchema.nullable().optional() }),
]));

export const articleBodySchema = z.array(blockSchema);

export type EmbedBlock = Extract<Block, { type: 'embed' }>;

/** The embeds of a body, wherever they stand (a fact box, a quote or a list may hold one). */
export function embedsIn(blocks: Block[]): EmbedBlock[] {
  return blocksIn(blocks).filter((block): block is EmbedBlock => block.type === 'embed');
}

/** A copy of the body with each embed replaced (the original may be shared, by a cache for one). */
export function mapEmbeds(blocks: Block[], replace: (embed: EmbedBlock) => EmbedBlock): Block[] {
  return blocks.map((block): Block => {
    switch (block.type) {
      case 'embed': return replace(block);
      case 'quote':
      case 'factbox': return { ...block, children: mapEmbeds(block.children, replace) };
      case 'list': return { ...block, items: block.items.map((item) => mapEmbeds(item, replace)) };
      default: return block;
    }
  });
}
