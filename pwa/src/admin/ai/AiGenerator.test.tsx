import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetAdminScreens, jsonFetch, renderAdmin, staffUser } from '../test/render';
import { AdminScreens } from '../AdminScreens';
import { AiGenerator, draftBody } from './AiGenerator';

afterEach(resetAdminScreens);

const GENERATED = { title: 'Elpriset stiger i norr', excerpt: 'Hushållen i SE1 får betala mer.', content: 'Första stycket.\n\nAndra stycket.', readTime: 4 };
const CONFIG = { payments: { enabled: false, publishableKey: null }, integrations: { ai: true, pexels: true, youtube: false, email: false } };
const panel = (name: string) => within(screen.getByRole('tabpanel', { name }));
const PHOTO = { id: 3, alt: 'Hamnen', photographer: 'Anna Berg', src: { small: 'https://images.pexels.com/s.jpg', medium: 'https://images.pexels.com/m.jpg', large: 'https://images.pexels.com/l.jpg' } };
const openStockPhotos = () => {
  fireEvent.click(screen.getByRole('tab', { name: 'Image generator' }));
  fireEvent.click(panel('Image generator').getByRole('button', { name: 'Stock photos' }));
  return panel('Image generator');
};

describe('the AI content generator', () => {
  it('asks for a topic before generating', async () => {
    const api = jsonFetch({ 'GET /api/config': CONFIG });
    renderAdmin(<AiGenerator />, { fetch: api.fetch, user: staffUser() });
    fireEvent.click(panel('Article generator').getByRole('button', { name: 'Generate Article' }));
    expect(await screen.findByText('Topic Required')).toBeTruthy();
    expect(screen.getByText('Please enter a topic for the article')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('will not create a draft before an article is generated', async () => {
    const api = jsonFetch({ 'GET /api/config': CONFIG });
    renderAdmin(<AiGenerator />, { fetch: api.fetch, user: staffUser() });
    fireEvent.click(screen.getByRole('button', { name: 'Create Draft' }));
    expect(await screen.findByText('No Article Generated')).toBeTruthy();
    expect(screen.getByText('Please generate an article first')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('generates an article, previews it and saves it as a draft with the fallback image', async () => {
    const api = jsonFetch({
      'GET /api/config': CONFIG,
      'POST /api/admin/ai/generate-article': GENERATED,
      'POST /api/admin/articles': (body: unknown) => ({ status: 201, body: { id: 31, ...(body as object) } }),
    });
    renderAdmin(<AiGenerator />, { fetch: api.fetch, user: staffUser() });
    const form = panel('Article generator');
    expect((form.getByLabelText('Length') as HTMLSelectElement).value).toBe('medium');
    expect(form.getByRole('option', { name: 'Medium (800-1200 words)' })).toBeTruthy();
    fireEvent.change(form.getByLabelText('Topic'), { target: { value: 'Elpriset i norr' } });
    fireEvent.change(form.getByLabelText('Category'), { target: { value: 'business' } });
    fireEvent.change(form.getByLabelText('Article type'), { target: { value: 'analysis' } });
    fireEvent.click(form.getByRole('button', { name: 'Generate Article' }));
    expect(await screen.findByText('Article Generated')).toBeTruthy();
    expect(api.calls.find((call) => call.path === '/api/admin/ai/generate-article')?.body).toEqual({
      topic: 'Elpriset i norr', length: 'medium', category: 'business', articleType: 'analysis',
    });
    expect(form.getByRole('heading', { name: 'Elpriset stiger i norr' })).toBeTruthy();
    expect(form.getByText('Andra stycket.')).toBeTruthy();
    const steps = screen.getByRole('list', { name: 'Workflow' }).querySelectorAll('li');
    expect([...steps].map((step) => step.dataset.done)).toEqual(['true', 'false', 'false', 'false']);

    fireEvent.click(screen.getByRole('button', { name: 'Create Draft' }));
    expect(await screen.findByText('Article Created!')).toBeTruthy();
    const sent = api.calls.find((call) => call.path === '/api/admin/articles')?.body as Record<string, unknown>;
    expect(sent).toEqual({
      title: 'Elpriset stiger i norr', content: 'Första stycket.\n\nAndra stycket.', excerpt: 'Hushållen i SE1 får betala mer.', category: 'business',
      status: 'draft', featured: false, author: 'AI Generated', imageUrl: '/api/placeholder/1200/630', readTime: 4, publishedAt: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(String(sent.publishedAt)))).toBe(false);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Elpriset stiger i norr' })).toBeNull());
    expect(screen.getByText('No article generated yet.')).toBeTruthy();
    expect([...screen.getByRole('list', { name: 'Workflow' }).querySelectorAll('li')].map((step) => step.dataset.done)).toEqual(['true', 'false', 'true', 'false']);
  });

  it('sends the chosen image with its alt text and credit', () => {
    const body = draftBody({ ...GENERATED, category: 'news' }, { url: '/uploads/images/hamn.webp', alt: 'Hamnen', credit: 'Photo: Anna Berg / Pexels' }, new Date('2026-03-01T10:00:00Z'));
    expect(body).toMatchObject({ imageUrl: '/uploads/images/hamn.webp', imageAlt: 'Hamnen', imageCredit: 'Photo: Anna Berg / Pexels', publishedAt: '2026-03-01T10:00:00.000Z' });
  });

  it('says Generation Failed with the server message, and says clearly when AI is not configured', async () => {
    const api = jsonFetch({
      'GET /api/config': CONFIG,
      'POST /api/admin/ai/generate-article': () => ({ status: 503, body: { error: 'The AI generator is not configured', code: 'not_configured' } }),
    });
    renderAdmin(<AiGenerator />, { fetch: api.fetch, user: staffUser() });
    fireEvent.change(panel('Article generator').getByLabelText('Topic'), { target: { value: 'Skolan' } });
    fireEvent.click(panel('Article generator').getByRole('button', { name: 'Generate Article' }));
    expect(await screen.findByText('Generation Failed')).toBeTruthy();
    expect(screen.getByText('The AI generator is not configured')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('OPENAI_API_KEY');
  });

  it('follows a generation that outlasts the call to its end, and says what went wrong when it fails', async () => {
    const running = { error: 'The AI generator is still working; follow it at /api/admin/ai/jobs/job-7', code: 'still_running', id: 'job-7' };
    let asked = 0;
    const api = jsonFetch({
      'GET /api/config': CONFIG,
      'POST /api/admin/ai/generate-article': () => ({ status: 504, body: running }),
      'GET /api/admin/ai/jobs/job-7': () => {
        asked += 1;
        return { status: 200, body: asked < 2 ? { id: 'job-7', status: 'running' } : { id: 'job-7', status: 'done', result: GENERATED } };
      },
      'POST /api/admin/ai/generate-image': () => ({ status: 504, body: { ...running, id: 'job-8' } }),
      'GET /api/admin/ai/jobs/job-8': { id: 'job-8', status: 'failed', error: 'Your request was rejected by the safety system', code: 'provider_failed' },
    });
    renderAdmin(<AiGenerator />, { fetch: api.fetch, user: staffUser() });
    const form = panel('Article generator');
    fireEvent.change(form.getByLabelText('Topic'), { target: { value: 'Elpriset i norr' } });
    fireEvent.click(form.getByRole('button', { name: 'Generate Article' }));
    expect(await screen.findByText('Article Generated', {}, { timeout: 5000 })).toBeTruthy();
    expect(form.getByRole('heading', { name: 'Elpriset stiger i norr' })).toBeTruthy();
    expect(asked).toBe(2);

    fireEvent.click(screen.getByRole('tab', { name: 'Image generator' }));
    fireEvent.change(panel('Image generator').getByLabelText('Prompt'), { target: { value: 'Vindkraftverk i skymning' } });
    fireEvent.click(panel('Image generator').getByRole('button', { name: 'Generate Image' }));
    expect(await screen.findByText('Your request was rejected by the safety system', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Generation Failed')).toBeTruthy();
  });

  it('shows the notice from the start when the server says AI is off', async () => {
    const api = jsonFetch({ 'GET /api/config': { ...CONFIG, integrations: { ...CONFIG.integrations, ai: false } } });
    renderAdmin(<AiGenerator />, { fetch: api.fetch, user: staffUser() });
    expect((await screen.findByRole('alert')).textContent).toContain('not configured');
    expect(panel('Article generator').getByRole('button', { name: 'Generate Article' })).toHaveProperty('disabled', true);
  });

  it('asks for a prompt, then generates an image that becomes the draft image', async () => {
    const api = jsonFetch({ 'GET /api/config': CONFIG, 'POST /api/admin/ai/generate-image': { url: '/uploads/images/ai.webp' } });
    renderAdmin(<AiGenerator />, { fetch: api.fetch, user: staffUser() });
    fireEvent.click(screen.getByRole('tab', { name: 'Image generator' }));
    const images = panel('Image generator');
    fireEvent.click(images.getByRole('button', { name: 'Generate Image' }));
    expect(await screen.findByText('Prompt Required')).toBeTruthy();
    expect((images.getByLabelText('Size') as HTMLSelectElement).value).toBe('1024x1024');
    fireEvent.change(images.getByLabelText('Prompt'), { target: { value: 'Vindkraftverk i skymning' } });
    fireEvent.change(images.getByLabelText('Size'), { target: { value: '1792x1024' } });
    fireEvent.click(images.getByRole('button', { name: 'Generate Image' }));
    expect(await screen.findByText('Image Generated')).toBeTruthy();
    expect(api.calls.find((call) => call.path === '/api/admin/ai/generate-image')?.body).toEqual({ prompt: 'Vindkraftverk i skymning', size: '1792x1024' });
    expect(screen.getAllByRole('img', { name: 'Vindkraftverk i skymning' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('list', { name: 'Workflow' }).querySelectorAll('li')[1]!.dataset.done).toBe('true');
  });

  it('asks for a search query in the stock photos; a chosen photo is Selected, then Saved and marked as the image', async () => {
    const api = jsonFetch({
      'GET /api/config': CONFIG, 'GET /api/admin/pexels/curated': { photos: [PHOTO] },
      'POST /api/admin/save-pexels-image': { localUrl: '/uploads/images/hamnen.webp' },
    });
    // The save waits until the test lets it through, so that what shows meanwhile can be seen.
    let letSaveThrough = () => undefined as void;
    const saved = new Promise<void>((resolve) => { letSaveThrough = resolve; });
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/save-pexels-image')) await saved;
      return api.fetch(input, init);
    }) as typeof globalThis.fetch;
    renderAdmin(<AiGenerator />, { fetch, user: staffUser() });
    const images = openStockPhotos();
    fireEvent.click(images.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Search Query Required')).toBeTruthy();
    fireEvent.click(await images.findByRole('button', { name: 'Use the photo by Anna Berg: Hamnen' }));
    expect(await screen.findByText('Image Selected')).toBeTruthy();
    expect(screen.getByText('Saving the photo by Anna Berg…')).toBeTruthy();
    expect(screen.getByText('No image chosen: a placeholder image will be used.')).toBeTruthy();
    letSaveThrough();
    expect(await screen.findByText('Image Saved')).toBeTruthy();
    expect(screen.getByText('Photo: Anna Berg / Pexels')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Workflow' }).querySelectorAll('li')[1]!.dataset.done).toBe('true');
  });

  it('sends the generated image with the draft, then clears both the article and the image', async () => {
    const api = jsonFetch({
      'GET /api/config': CONFIG,
      'POST /api/admin/ai/generate-article': GENERATED,
      'POST /api/admin/ai/generate-image': { url: '/uploads/images/ai.webp' },
      'POST /api/admin/articles': (body: unknown) => ({ status: 201, body: { id: 32, ...(body as object) } }),
    });
    renderAdmin(<AiGenerator />, { fetch: api.fetch, user: staffUser() });
    fireEvent.change(panel('Article generator').getByLabelText('Topic'), { target: { value: 'Elpriset' } });
    fireEvent.click(panel('Article generator').getByRole('button', { name: 'Generate Article' }));
    await screen.findByText('Article Generated');
    fireEvent.click(screen.getByRole('tab', { name: 'Image generator' }));
    fireEvent.change(panel('Image generator').getByLabelText('Prompt'), { target: { value: 'Kraftledning i snö' } });
    fireEvent.click(panel('Image generator').getByRole('button', { name: 'Generate Image' }));
    expect(await panel('Image generator').findByRole('img', { name: 'Kraftledning i snö' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create Draft' }));
    expect(await screen.findByText('Article Created!')).toBeTruthy();
    expect(api.calls.find((call) => call.path === '/api/admin/articles')?.body).toMatchObject({ imageUrl: '/uploads/images/ai.webp', imageAlt: 'Kraftledning i snö' });
    expect(screen.getByText('No article generated yet.')).toBeTruthy();
    expect(screen.getByText('No image chosen: a placeholder image will be used.')).toBeTruthy();
    expect(panel('Image generator').queryByRole('img')).toBeNull();
  });

  it("says Save Failed with 'Failed to save image' when a stock photo cannot be saved", async () => {
    const api = jsonFetch({ 'GET /api/config': CONFIG, 'GET /api/admin/pexels/curated': { photos: [PHOTO] } });
    // A gateway that answers the save with an empty 502: no reason of the server's to show.
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => (String(input).endsWith('/save-pexels-image')
      ? new Response('', { status: 502 }) : api.fetch(input, init))) as typeof globalThis.fetch;
    renderAdmin(<AiGenerator />, { fetch, user: staffUser() });
    fireEvent.click(await openStockPhotos().findByRole('button', { name: 'Use the photo by Anna Berg: Hamnen' }));
    expect(await screen.findByText('Save Failed')).toBeTruthy();
    expect(screen.getByText('Failed to save image')).toBeTruthy();
    expect(screen.getByText('No image chosen: a placeholder image will be used.')).toBeTruthy();
  });

  it('gets topic ideas on request and puts the chosen one in the article topic', async () => {
    const api = jsonFetch({ 'GET /api/config': CONFIG, 'GET /api/admin/ai/topic-suggestions': { topics: ['Elpriset i vinter', 'Skolvalet ses över'] } });
    renderAdmin(<AiGenerator />, { fetch: api.fetch, user: staffUser() });
    fireEvent.click(screen.getByRole('tab', { name: 'Topic ideas' }));
    const ideas = panel('Topic ideas');
    expect(ideas.queryByRole('option', { name: 'Opinion' })).toBeNull();
    expect(api.calls.some((call) => call.path.startsWith('/api/admin/ai/topic-suggestions'))).toBe(false);
    fireEvent.change(ideas.getByLabelText('Category'), { target: { value: 'society' } });
    fireEvent.click(ideas.getByRole('button', { name: 'Get Ideas' }));
    fireEvent.click(await ideas.findByRole('button', { name: 'Skolvalet ses över' }));
    expect(api.calls.at(-1)?.path).toBe('/api/admin/ai/topic-suggestions?category=society');
    expect(screen.getByRole('tab', { name: 'Article generator' }).getAttribute('aria-selected')).toBe('true');
    expect((panel('Article generator').getByLabelText('Topic') as HTMLInputElement).value).toBe('Skolvalet ses över');
  });

  it('is reached from the AI tab of the dashboard and links back to it', async () => {
    renderAdmin((platform) => <AdminScreens platform={platform} />, { fetch: jsonFetch({}).fetch, user: staffUser(), path: '/admin/ai-generator' });
    expect(screen.getByRole('heading', { name: 'AI Content Generator' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Back to dashboard' }).getAttribute('href')).toBe('/admin');
  });
});
