import type { Block } from './tree.js';

/**
 * Every block of a body, depth first, wherever it stands (a fact box, a quote or a list item holds blocks of its own).
 * Apart from the tree's schemas so that the reader's code can walk a body without loading the schema library.
 */
export function blocksIn(blocks: Block[]): Block[] {
  return blocks.flatMap((block) => {
    switch (block.type) {
      case 'quote':
      case 'factbox': return [block, ...blocksIn(block.children)];
      case 'list': return [block, ...block.items.flatMap(blocksIn)];
      default: return [block];
    }
  });
}

/** The pictures a body shows: its figures' (and standard images') sources and the images of its cards. */
export function imagesIn(blocks: Block[]): string[] {
  return blocksIn(blocks).flatMap((block) => {
    if (block.type === 'figure') return [block.src];
    if (block.type === 'embed' && block.card?.image) return [block.card.image];
    return [];
  });
}
