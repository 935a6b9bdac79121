import type { ComponentType, ReactNode } from 'react';
import type { Block, Inline } from './tree.js';

/**
 * What a host puts where the body leaves it a choice: the reader's router links, responsive images, the YouTube facade
 * and the site's cards; the admin's preview its own. Everything else is fixed here, so the reader page and the admin's
 * preview show one rendering, and nothing outside the tree's nodes becomes an element.
 */
export interface BodyParts {
  Link: ComponentType<{ href: string; children: ReactNode }>;
  Image: ComponentType<{ src: string; alt: string }>;
  YouTube: ComponentType<{ videoId: string }>;
  Embed: ComponentType<{ block: Extract<Block, { type: 'embed' }> }>;
}

export function Inlines({ nodes, parts }: { nodes: Inline[]; parts: BodyParts }): ReactNode {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text': return node.value;
      case 'emphasis': return <em key={index}><Inlines nodes={node.children} parts={parts} /></em>;
      case 'strong': return <strong key={index}><Inlines nodes={node.children} parts={parts} /></strong>;
      case 'link': return <parts.Link key={index} href={node.href}><Inlines nodes={node.children} parts={parts} /></parts.Link>;
    }
  });
}

export function Blocks({ blocks, parts }: { blocks: Block[]; parts: BodyParts }): ReactNode {
  return blocks.map((block, index) => <BlockView key={index} block={block} parts={parts} />);
}

export function BlockView({ block, parts }: { block: Block; parts: BodyParts }): ReactNode {
  const inline = (nodes: Inline[]) => <Inlines nodes={nodes} parts={parts} />;
  switch (block.type) {
    case 'paragraph': return <p>{inline(block.children)}</p>;
    case 'heading': return block.depth === 2 ? <h2>{inline(block.children)}</h2> : <h3>{inline(block.children)}</h3>;
    case 'list': {
      const items = block.items.map((item, index) => <li key={index}><Blocks blocks={item} parts={parts} /></li>);
      return block.ordered ? <ol start={block.start ?? undefined}>{items}</ol> : <ul>{items}</ul>;
    }
    case 'quote': return <blockquote><Blocks blocks={block.children} parts={parts} /></blockquote>;
    case 'table': {
      const align = (i: number) => ({ textAlign: block.align[i] ?? undefined });
      return (
        <div className="table-scroll">
          <table>
            <thead><tr>{block.head.map((cell, i) => <th key={i} style={align(i)}>{inline(cell)}</th>)}</tr></thead>
            <tbody>{block.rows.map((row, r) => <tr key={r}>{row.map((cell, i) => <td key={i} style={align(i)}>{inline(cell)}</td>)}</tr>)}</tbody>
          </table>
        </div>
      );
    }
    case 'figure': return (
      <figure className="article-figure">
        <parts.Image src={block.src} alt={block.alt} />
        {(block.caption.length > 0 || block.credit) && (
          <figcaption>{inline(block.caption)}{block.credit && <span className="credit"> {block.credit}</span>}</figcaption>
        )}
      </figure>
    );
    case 'factbox': return (
      <aside className="factbox">
        {block.title.length > 0 && <h2 className="factbox-title">{inline(block.title)}</h2>}
        <Blocks blocks={block.children} parts={parts} />
      </aside>
    );
    case 'youtube': return <parts.YouTube videoId={block.videoId} />;
    case 'embed': return <parts.Embed block={block} />;
  }
}
