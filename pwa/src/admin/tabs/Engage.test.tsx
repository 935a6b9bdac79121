import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NewsletterSend } from '@redaktion/shared';
import { article } from '../test/fixtures';
import { installDialogPolyfill, jsonFetch, renderAdmin, resetAdminScreens, staffUser } from '../test/render';
import { EngageTab } from './Engage';

beforeAll(installDialogPolyfill);
afterEach(resetAdminScreens);

const sent = (id: number, subject: string, extra: Partial<NewsletterSend> = {}): NewsletterSend => ({
  id, subject, subjectEn: null, articleIds: [1], status: 'done', total: 3, delivered: 2, failed: 1,
  createdAt: '2026-11-20T08:00:00.000Z', finishedAt: '2026-11-20T08:01:00.000Z', ...extra,
});

/** The newsletter API as the server answers it: a queued digest joins the history. */
function newsletterApi(send?: () => { status: number; body: unknown }) {
  let sends = [sent(1, 'Förra veckan')];
  return jsonFetch({
    'GET /api/admin/newsletter': { pending: 2, confirmed: 3, unsubscribed: 1 },
    'GET /api/admin/newsletter/sends': () => ({ status: 200, body: sends }),
    'GET /api/admin/articles': [article(1, 'Budgeten klar', { status: 'published' }), article(2, 'Ett utkast')],
    'POST /api/admin/newsletter/preview': { sv: { subject: 'Veckan', html: '<p>Hej</p>', text: 'Hej' }, en: { subject: 'Veckan', html: '<p>Hi</p>', text: 'Hi' } },
    'POST /api/admin/newsletter/send': send ?? (() => {
      const queued = sent(2, 'Veckan', { status: 'queued', delivered: 0, failed: 0, finishedAt: null });
      sends = [queued, ...sends];
      return { status: 202, body: queued };
    }),
    'POST /api/admin/push': (body: unknown) => ((body as { title: string }).title
      ? { status: 202, body: { subscribers: 4 } }
      : { status: 400, body: { error: 'Validation failed', code: 'validation_error', issues: [{ path: 'title', message: 'A title is required' }] } }),
  });
}

async function composeDigest() {
  await screen.findByLabelText('Budgeten klar');
  // Only published articles can go out.
  expect(screen.queryByLabelText('Ett utkast')).toBeNull();
  fireEvent.change(screen.getByLabelText('Subject'), { target: { value: ' Veckan ' } });
  fireEvent.click(screen.getByLabelText('Budgeten klar'));
}

const digestsSent = (api: ReturnType<typeof newsletterApi>) =>
  api.calls.filter((call) => call.method === 'POST' && call.path === '/api/admin/newsletter/send').map((call) => call.body);

describe('the Newsletter and alerts tab', () => {
  it('shows the counts, previews in both languages, sends after confirming and shows the digest in the history', async () => {
    const api = newsletterApi();
    renderAdmin(<EngageTab />, { fetch: api.fetch, user: staffUser() });
    const counts = within(await screen.findByRole('region', { name: 'Subscribers' }));
    expect(await counts.findByText('Waiting for confirmation')).toBeTruthy();
    expect(counts.getByText('3')).toBeTruthy();
    await composeDigest();

    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByTitle('Preview: Swedish')).toBeTruthy();
    expect(screen.getByTitle('Preview: English').getAttribute('srcdoc')).toBe('<p>Hi</p>');

    fireEvent.click(screen.getByRole('button', { name: 'Send to 3 subscribers' }));
    expect(screen.getByText('Send “Veckan” to 3 confirmed subscribers now?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('The digest is on its way')).toBeTruthy();
    // No English subject given: English subscribers get the Swedish one.
    expect(digestsSent(api)).toEqual([{ subject: 'Veckan', articleIds: [1] }]);
    // The history is read again and shows the queued digest.
    const history = within(screen.getByRole('region', { name: 'Sent digests' }));
    expect(await history.findByText('Queued')).toBeTruthy();
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('');
  });

  it('sends the English subject for English subscribers when the editor gives one', async () => {
    const api = newsletterApi();
    renderAdmin(<EngageTab />, { fetch: api.fetch, user: staffUser() });
    await composeDigest();
    fireEvent.change(screen.getByLabelText('English subject'), { target: { value: ' The week ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to 3 subscribers' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('The digest is on its way')).toBeTruthy();
    expect(digestsSent(api)).toEqual([{ subject: 'Veckan', subjectEn: 'The week', articleIds: [1] }]);
    expect((screen.getByLabelText('English subject') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's reason when it refuses a digest", async () => {
    const api = newsletterApi(() => ({ status: 503, body: { error: 'E-mail is not configured', code: 'not_configured' } }));
    renderAdmin(<EngageTab />, { fetch: api.fetch, user: staffUser() });
    await composeDigest();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send to 3 subscribers' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Send to 3 subscribers' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Failed to send the digest')).toBeTruthy();
    expect(screen.getByText('E-mail is not configured')).toBeTruthy();
  });

  it('marks the field the server refused in an alert, and says how many devices a sent one reached', async () => {
    const api = newsletterApi();
    renderAdmin(<EngageTab />, { fetch: api.fetch, user: staffUser() });
    const alert = within(await screen.findByRole('region', { name: 'Breaking news alert' }));
    fireEvent.click(alert.getByRole('button', { name: 'Send alert' }));
    expect(await screen.findByText('Failed to send the alert')).toBeTruthy();
    expect(alert.getByText('A title is required')).toBeTruthy();

    fireEvent.change(alert.getByLabelText('Title'), { target: { value: 'Regeringen har avgått' } });
    fireEvent.change(alert.getByLabelText('Text'), { target: { value: 'Statsministern lämnar.' } });
    fireEvent.click(alert.getByRole('button', { name: 'Send alert' }));
    expect(await screen.findByText('Alert sent to 4 devices')).toBeTruthy();
    expect(api.calls.filter((call) => call.path === '/api/admin/push').at(-1)!.body)
      .toEqual({ title: 'Regeringen har avgått', body: 'Statsministern lämnar.', url: '/', topic: 'breaking' });
  });
});
