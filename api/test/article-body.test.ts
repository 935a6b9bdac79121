import { JSDOM } from 'jsdom';
import RssParser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '@redaktion/shared';
import { XSS_CORPUS } from '../../shared/src/content/xss-corpus.js';
import { HttpClient } from './support/http-client.js';
import { articleForm, insertArticle, insertEpisode } from './support/fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';

let server: TestServer;
let admin: HttpClient;
let anonymous: HttpClient;
const rss = new RssParser({ customFields: { item: ['content:encoded'] } });

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  admin = (await signedInUser(server.url, server.db, { role: 'admin' })).client;
  anonymous = new HttpClient(server.url);
}, 60_000);
afterAll(async () => server?.close());

async function publish(content: string, title = `Artikel ${Math.random().toString(36).slice(2, 8)}`): Promise<number> {
  const created = await admin.post('/api/admin/articles', { ...articleForm(title), content });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

const RICH = [
  '## Valnatten', 'Enligt [Valmyndigheten](https://www.val.se) och [vår genomgång](/news) **avgörs** det *i kväll*.',
  '- ett\n- två', '> Ett citat', '| Parti | % |\n|--|--:|\n| S | 30 |',
  '::figure[Valvakan]{src="/uploads/images/val.jpg" alt="En sal" credit="Foto: Anna"}', ':::factbox[Fakta]\nVart fjärde år.\n:::',
].join('\n\n');

describe('an article body in Markdown', () => {
  it('reaches the API as its Markdown and the parsed tree, and the feeds as HTML of the subset', async () => {
    const id = await publish(RICH, 'Rik artikel');
    const article = (await anonymous.get<Article>(`/api/articles/${id}`)).body;
    expect(article.content).toBe(RICH);
    expect(article.body!.map((block) => block.type)).toEqual(['heading', 'paragraph', 'list', 'quote', 'table', 'figure', 'factbox']);

    const feed = await rss.parseString((await anonymous.get('/rss.xml')).text);
    const html = feed.items.find((item) => item.title === 'Rik artikel')!['content:encoded'] as string;
    expect(html).toContain('<h2>Valnatten</h2>');
    expect(html).toContain(`<a href="${server.url}/news">vår genomgång</a>`);
    expect(html).toContain('<aside><h3>Fakta</h3><p>Vart fjärde år.</p></aside>');
    expect(html).toContain(`<figure><img src="${server.url}/uploads/images/val.jpg" alt="En sal"><figcaption>Valvakan Foto: Anna</figcaption></figure>`);
    const json = (await anonymous.get('/feed.json')).body as { items: { title: string; content_html: string }[] };
    expect(json.items.find((item) => item.title === 'Rik artikel')!.content_html).toBe(html);
    const atom = new JSDOM((await anonymous.get('/atom.xml')).text, { contentType: 'application/xml' }).window.document;
    const entry = [...atom.querySelectorAll('entry')].find((node) => node.querySelector('title')!.textContent === 'Rik artikel')!;
    expect(entry.querySelector('content')!.textContent).toBe(html);
  });

  it('is found by its words, never by its Markdown', async () => {
    await publish('Det **avgjordes** på [natten](https://hemlig-adress.example/sida).\n\n:::factbox[Fakta]\nKorta fakta.\n:::', 'Sökbar');
    const found = async (q: string) => ((await anonymous.get<Article[]>(`/api/articles?q=${encodeURIComponent(q)}`)).body).map((a) => a.title);
    expect(await found('avgjordes')).toContain('Sökbar');
    expect(await found('Korta')).toContain('Sökbar');
    expect(await found('hemlig')).not.toContain('Sökbar');
    expect(await found('factbox')).not.toContain('Sökbar');
  });
});

describe('embeds of the site\'s own items', () => {
  it('carry a card of what the public may see: an episode\'s audio only for a reader who may hear it, nothing of a draft', async () => {
    const free = await insertEpisode(server, { title: 'Fritt avsnitt' });
    const premium = await insertEpisode(server, { title: 'Betalt avsnitt', premium: true });
    const draft = await insertArticle(server, { title: 'Hemligt utkast', status: 'draft', publishedAt: null });
    const id = await publish([`/podcast/${free}`, `/podcast/${premium}`, `/article/${draft}`, '/people/999999'].join('\n\n'));
    const cards = async (client: HttpClient) => ((await client.get<Article>(`/api/articles/${id}`)).body.body ?? [])
      .map((block) => (block.type === 'embed' ? block.card ?? null : undefined));
    expect(await cards(anonymous)).toEqual([
      { title: 'Fritt avsnitt', image: null, audio: `/api/podcasts/${free}/audio` },
      { title: 'Betalt avsnitt', image: null, audio: null },
      null,
      null,
    ]);
    const subscriber = (await signedInUser(server.url, server.db, { subscriptionStatus: 'active' })).client;
    expect((await cards(subscriber))[1]).toEqual({ title: 'Betalt avsnitt', image: null, audio: `/api/podcasts/${premium}/audio` });
    expect(JSON.stringify((await anonymous.get(`/api/articles/${id}`)).body)).not.toContain('Hemligt utkast');
  });
});

describe('nothing typed into an article becomes markup on the page or in a feed', () => {
  let ids: number[];
  beforeAll(async () => {
    ids = [];
    for (const [index, content] of XSS_CORPUS.entries()) ids.push(await publish(`Före.\n\n${content}\n\nEfter.`, `XSS ${index}`));
  }, 120_000);

  it('on the server-rendered page: no script, no handler, no frame, no link or image leaving the site by a trick', async () => {
    for (const id of ids) {
      const page = await anonymous.get(`/article/${id}`);
      expect(page.status).toBe(200);
      const { document } = new JSDOM(page.text).window;
      const body = document.querySelector('.article-body')!;
      expect(body).not.toBeNull();
      expect(body.querySelectorAll('script, iframe, object, embed, svg, style, form, input').length).toBe(0);
      for (const element of body.querySelectorAll('*')) {
        for (const attribute of element.getAttributeNames()) expect(attribute).not.toMatch(/^on/i);
      }
      for (const link of body.querySelectorAll('a')) expect(link.getAttribute('href')).toMatch(/^(https?:\/\/(?!attacker)|\/(?![/\\]))/);
      for (const image of body.querySelectorAll('img')) expect(image.getAttribute('src')).toMatch(/^\/uploads\/(?!\.\.)/);
    }
  });

  it('in RSS, Atom and JSON Feed', async () => {
    const feeds = [(await anonymous.get('/rss.xml')).text];
    const json = (await anonymous.get('/feed.json')).body as { items: { content_html: string }[] };
    const htmls = [
      ...(await rss.parseString(feeds[0]!)).items.map((item) => (item['content:encoded'] as string | undefined) ?? ''),
      ...json.items.map((item) => item.content_html ?? ''),
      ...[...new JSDOM((await anonymous.get('/atom.xml')).text, { contentType: 'application/xml' }).window.document.querySelectorAll('entry content')]
        .map((node) => node.textContent ?? ''),
    ];
    expect(htmls.filter((html) => html.includes('Före.'))).toHaveLength(3 * XSS_CORPUS.length);
    for (const html of htmls) {
      const { document } = new JSDOM(`<body>${html}</body>`).window;
      expect(document.querySelectorAll('script, iframe, object, embed, svg, style').length).toBe(0);
      for (const element of document.body.querySelectorAll('*')) {
        for (const attribute of element.getAttributeNames()) expect(['href', 'src', 'alt', 'start', 'style']).toContain(attribute);
      }
      for (const link of document.querySelectorAll('a')) expect(link.getAttribute('href')).toMatch(/^https?:\/\/(?!attacker)/);
    }
  });
});
