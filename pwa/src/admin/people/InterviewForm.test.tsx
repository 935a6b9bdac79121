import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDialogPolyfill, resetAdminScreens, jsonFetch, renderAdmin, staffUser } from '../test/render';
import { InterviewForm } from './InterviewForm';

beforeAll(installDialogPolyfill);
afterEach(resetAdminScreens);

const dialog = () => within(screen.getByRole('dialog', { name: 'Create Interview Podcast' }));

describe('Create Interview Podcast', () => {
  it('shows the spec messages under the fields and sends nothing while they stand', async () => {
    const api = jsonFetch({});
    renderAdmin(<InterviewForm open onClose={() => undefined} />, { fetch: api.fetch, user: staffUser() });
    fireEvent.click(dialog().getByRole('button', { name: 'Create Interview' }));
    expect(await dialog().findByText('Title is required')).toBeTruthy();
    expect(dialog().getByText('Description is required')).toBeTruthy();
    expect(dialog().getByText('Duration is required')).toBeTruthy();
    expect(dialog().getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows them in Swedish in the Swedish catalogue', async () => {
    renderAdmin(<InterviewForm open onClose={() => undefined} />, { fetch: jsonFetch({}).fetch, user: staffUser(), locale: 'sv' });
    const form = within(screen.getByRole('dialog', { name: 'Skapa intervjupodd' }));
    fireEvent.click(form.getByRole('button', { name: 'Skapa intervju' }));
    expect(await form.findByText('Titel krävs')).toBeTruthy();
    expect(form.getByText('Längd krävs')).toBeTruthy();
  });

  it('creates a published interview with the duration in seconds, then closes', async () => {
    const onClose = vi.fn();
    const api = jsonFetch({ 'POST /api/admin/podcasts': (body: unknown) => ({ status: 201, body: { id: 9, ...(body as object) } }) });
    renderAdmin(<InterviewForm open onClose={onClose} />, { fetch: api.fetch, user: staffUser() });
    fireEvent.change(dialog().getByLabelText('Title'), { target: { value: 'Samtal med havsforskaren' } });
    fireEvent.change(dialog().getByLabelText('Duration (minutes)'), { target: { value: '42' } });
    fireEvent.change(dialog().getByLabelText('Description'), { target: { value: 'Om havet och framtiden.' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Create Interview' }));
    expect(await screen.findByText('Interview podcast created successfully')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Samtal med havsforskaren', description: 'Om havet och framtiden.', duration: 2520, kind: 'interview',
      status: 'published', featured: false, premium: false,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('keeps the form and says so when the server refuses', async () => {
    const onClose = vi.fn();
    const api = jsonFetch({ 'POST /api/admin/podcasts': () => ({ status: 500, body: { error: 'Internal error' } }) });
    renderAdmin(<InterviewForm open onClose={onClose} />, { fetch: api.fetch, user: staffUser() });
    fireEvent.change(dialog().getByLabelText('Title'), { target: { value: 'Samtal' } });
    fireEvent.change(dialog().getByLabelText('Duration (minutes)'), { target: { value: '10' } });
    fireEvent.change(dialog().getByLabelText('Description'), { target: { value: 'Text' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Create Interview' }));
    expect(await screen.findByText('Failed to create interview podcast')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect((dialog().getByLabelText('Title') as HTMLInputElement).value).toBe('Samtal');
  });
});
