import { performance } from 'node:perf_hooks';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { bodyToHtml, parseArticle, type Block } from '@redaktion/shared/content';
import { Blocks, type BodyParts } from '@redaktion/shared/content/render';

/** The issue-21 budget for rendering a 5,000-word rich article once (parse, then page body or feed HTML). */
export const RENDER_BUDGET_MS = 20;

/** A rich article of about `words` words: subheadings, linked and emphasised text, lists, tables, figures, fact boxes. */
export function richArticle(words = 5000): string {
  const sentence = 'Regeringen presenterade i dag ett förslag som enligt [Finansdepartementet](https://www.regeringen.se) kan *förändra* villkoren för **hushållen** i hela landet.';
  const paragraph = Array.from({ length: 4 }, () => sentence).join(' ');
  const sections: string[] = [];
  const count = () => sections.join(' ').split(/\s+/).length;
  for (let n = 1; count() < words; n += 1) {
    sections.push(
      `## Del ${n}: vad förslaget betyder`, paragraph, paragraph,
      '- Första punkten med [en länk](/article/1)\n- Andra punkten\n- Tredje punkten',
      '| Län | Andel | Förändring |\n|:--|--:|--:|\n| Stockholm | 31 % | +2 |\n| Skåne | 28 % | −1 |',
      `::figure[Bild ${n} från *dagens* möte.]{src="/uploads/images/bild-${n}.jpg" alt="Ett möte" credit="Foto: Redaktion"}`,
      `:::factbox[Fakta ${n}]\n${paragraph}\n:::`,
      '> Vi har aldrig sett något liknande, säger en källa.',
    );
  }
  return sections.join('\n\n');
}

const PARTS: BodyParts = {
  Link: ({ href, children }) => createElement('a', { href }, children),
  Image: ({ src, alt }) => createElement('img', { src, alt }),
  YouTube: ({ videoId }) => createElement('p', null, videoId),
  Embed: ({ block }) => createElement('p', null, block.path),
};

/**
 * Median milliseconds over `runs`: parsing the Markdown (once, when the article is saved), and rendering the stored
 * body as a reader meets it: read from its column, then the page's elements (React) or a feed's HTML.
 */
export function measureRender(runs = 50): { words: number; parseMs: number; pageMs: number; feedMs: number } {
  const markdown = richArticle();
  const stored = JSON.stringify(parseArticle(markdown));
  const median = (work: () => void) => {
    for (let i = 0; i < 5; i += 1) work();
    const times = Array.from({ length: runs }, () => {
      const started = performance.now();
      work();
      return performance.now() - started;
    }).sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)]!;
  };
  return {
    words: markdown.split(/\s+/).length,
    parseMs: median(() => parseArticle(markdown)),
    pageMs: median(() => renderToStaticMarkup(createElement(Blocks, { blocks: JSON.parse(stored) as Block[], parts: PARTS }))),
    feedMs: median(() => bodyToHtml(JSON.parse(stored) as Block[], { origin: 'https://redaktion.example' })),
  };
}
