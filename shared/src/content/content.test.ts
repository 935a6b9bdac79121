import { describe, expect, it } from 'vitest';
import { bodyToHtml } from './html.js';
import { legacyParagraphs, legacyTextToMarkdown } from './legacy.js';
import { parseArticle } from './markdown.js';
import { articleBodySchema, type Block } from './tree.js';
import { bodyToText, firstWords } from './words.js';
import { XSS_CORPUS } from './xss-corpus.js';

const html = (markdown: string) => bodyToHtml(parseArticle(markdown), { origin: 'https://redaktion.example' });

describe('an article body in the format of contract §9', () => {
  it('renders every construct of the subset', () => {
    const markdown = [
      '# Stor', '## Mellan', '#### Liten', 'Text med *kursiv*, **fet**, [källa](https://scb.se), [intern](/article/2) och <https://example.se>.',
      '- ett\n- två', '3. tre\n4. fyra', '> Ett citat', '| Parti | % |\n|:--|--:|\n| S | 30,3 |',
      '::figure[Valvaka i *Stockholm*]{src="/uploads/images/val.jpg" alt="Folk i en sal" credit="Foto: Anna"}',
      '![En bro](/uploads/images/bro.jpg "Bron i dag")', ':::factbox[Fakta]\nValet hålls **vart fjärde** år.\n:::',
      'https://youtu.be/dQw4w9WgXcQ', '/podcast/3', '/watch/valvakan', '/people/4', '/article/12',
    ].join('\n\n');
    expect(html(markdown)).toBe([
      '<h2>Stor</h2>', '<h2>Mellan</h2>', '<h3>Liten</h3>',
      '<p>Text med <em>kursiv</em>, <strong>fet</strong>, <a href="https://scb.se">källa</a>, <a href="https://redaktion.example/article/2">intern</a> och <a href="https://example.se">https://example.se</a>.</p>',
      '<ul><li><p>ett</p></li><li><p>två</p></li></ul>', '<ol start="3"><li><p>tre</p></li><li><p>fyra</p></li></ol>',
      '<blockquote><p>Ett citat</p></blockquote>',
      '<table><thead><tr><th style="text-align:left">Parti</th><th style="text-align:right">%</th></tr></thead><tbody><tr><td style="text-align:left">S</td><td style="text-align:right">30,3</td></tr></tbody></table>',
      '<figure><img src="https://redaktion.example/uploads/images/val.jpg" alt="Folk i en sal"><figcaption>Valvaka i <em>Stockholm</em> Foto: Anna</figcaption></figure>',
      '<figure><img src="https://redaktion.example/uploads/images/bro.jpg" alt="En bro"><figcaption>Bron i dag</figcaption></figure>',
      '<aside><h3>Fakta</h3><p>Valet hålls <strong>vart fjärde</strong> år.</p></aside>',
      '<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">https://www.youtube.com/watch?v=dQw4w9WgXcQ</a></p>',
      '<p><a href="https://redaktion.example/podcast/3">https://redaktion.example/podcast/3</a></p>',
      '<p><a href="https://redaktion.example/watch/valvakan">https://redaktion.example/watch/valvakan</a></p>',
      '<p><a href="https://redaktion.example/people/4">https://redaktion.example/people/4</a></p>',
      '<p><a href="https://redaktion.example/article/12">https://redaktion.example/article/12</a></p>',
    ].join('\n'));
  });

  it('embeds a lone YouTube address in each of its forms, and the site paths as cards', () => {
    for (const address of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=4', 'https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ']) {
      expect(parseArticle(address)).toEqual([{ type: 'youtube', videoId: 'dQw4w9WgXcQ' }]);
    }
    expect(parseArticle('/podcast/3')).toEqual([{ type: 'embed', kind: 'podcast', ref: '3', path: '/podcast/3' }]);
    // Not alone, not a known kind, or not an 11-character id: a link or text as typed.
    expect(parseArticle('Se https://youtu.be/dQw4w9WgXcQ')[0]!.type).toBe('paragraph');
    expect(parseArticle('https://youtu.be/short')[0]!.type).toBe('paragraph');
    expect(parseArticle('/podcast/3/extra')[0]!.type).toBe('paragraph');
    expect(parseArticle('[Lyssna](/podcast/3)')[0]!.type).toBe('paragraph');
  });

  it('keeps Swedish text that looks like markup to a directive parser as text', () => {
    expect(parseArticle('Den 3:e maj vid S:t Eriksplan kl. 10:30.')).toEqual([
      { type: 'paragraph', children: [{ type: 'text', value: 'Den 3:e maj vid S:t Eriksplan kl. 10:30.' }] },
    ]);
    // Block directives other than the two of the format stay as typed.
    expect(parseArticle('::video{src="x"}')).toEqual([{ type: 'paragraph', children: [{ type: 'text', value: '::video{src="x"}' }] }]);
  });

  it('answers a tree its own schema accepts', () => {
    expect(articleBodySchema.safeParse(parseArticle('## A\n\n:::factbox[B]\n- c\n:::\n\n/podcast/1')).success).toBe(true);
  });
});

/** Every tag and attribute the HTML of a body may hold. */
const TAGS = new Set(['p', 'h2', 'h3', 'em', 'strong', 'a', 'ul', 'ol', 'li', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'figure', 'img', 'figcaption', 'aside', 'br']);
const ATTRIBUTES = new Set(['href', 'src', 'alt', 'start', 'style']);


describe('nothing typed into an article becomes markup outside the format', () => {
  it.each(XSS_CORPUS)('%s', (markdown) => {
    const out = html(markdown);
    for (const [, tag, attributes] of out.matchAll(/<\/?([a-z0-9]+)([^>]*)>/g)) {
      expect(TAGS.has(tag!)).toBe(true);
      for (const [, name] of attributes!.matchAll(/\s([a-z-]+)=/g)) expect(ATTRIBUTES.has(name!)).toBe(true);
    }
    for (const [, url] of out.matchAll(/(?:href|src)="([^"]*)"/g)) {
      expect(url).toMatch(/^(https:\/\/redaktion\.example\/(?!\/)|https:\/\/ok\.example|https:\/\/www\.youtube\.com\/watch\?v=)/);
    }
  });
});

describe('the words of a body', () => {
  it('are the text without Markdown syntax', () => {
    expect(bodyToText(parseArticle('## Valet\n\nDet **avgörs** i [kväll](https://x.se).\n\n:::factbox[Fakta]\n- Ett\n:::'))).toBe('Valet\n\nDet avgörs i kväll.\n\nFakta\n\nEtt');
  });

  it('start, as a name for an entry without a title, cut at a word within the length and ended with an ellipsis', () => {
    expect(firstWords('Bron   är\n\nstängd.', 40)).toBe('Bron är stängd.');
    expect(firstWords('Bron är stängd för all trafik i båda riktningarna.', 24)).toBe('Bron är stängd för all…');
    expect(firstWords('Bron är stängd för all trafik i båda riktningarna.', 24).length).toBeLessThanOrEqual(24);
    // One long word is cut inside it rather than left empty.
    expect(firstWords('Trafikverksamhetsomläggningsplanen', 10)).toBe('Trafikver…');
  });
});

describe('articles written before the format', () => {
  const stored = [
    '1994. Då vann de.\n\n- Inte en lista\n## inte en rubrik',
    'Den 3:e maj vid S:t Eriksplan kom *alla* och _ingen_ <b>fet</b> &amp; [a](b) C:\\mapp',
    '/podcast/3\n\n> inte ett citat\n\n---\n\n| a | b |\n|---|---|\n\n    indragen\n\n::figure{src="/uploads/a.jpg"}\n\n+ plus\n\n=== rubrik?\n\n!\\[x]',
    'Läs mer på https://www.youtube.com/watch?v=dQw4w9WgXcQ\n\nhttps://youtu.be/dQw4w9WgXcQ',
  ];
  it.each(stored)('read the same once escaped: %s', (text) => {
    const body = parseArticle(legacyTextToMarkdown(text));
    expect(body.every((block) => block.type === 'paragraph')).toBe(true);
    const words = (block: Block) => (block.type === 'paragraph' ? block.children.map((inline) => (inline.type === 'text' ? inline.value : bodyToText([{ type: 'paragraph', children: [inline] }]))).join('') : '');
    expect(body.map(words)).toEqual(legacyParagraphs(text));
  });

  it('keep what needs no escape readable', () => {
    expect(legacyTextToMarkdown('Den 3:e maj.\n\n1994. Då.')).toBe('Den 3:e maj.\n\n1994\\. Då.');
  });
});
