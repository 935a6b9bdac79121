import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CustomVideo } from '@redaktion/shared';
import type { AdminPlatform } from '../platform';
import { dismissNotice, installDialogPolyfill, resetAdminScreens, jsonFetch, renderAdmin, staffUser } from '../test/render';
import { YouTubeModal } from './YouTubeModal';

beforeAll(installDialogPolyfill);
afterEach(() => {
  resetAdminScreens();
  vi.restoreAllMocks();
});

const video = (id: number, title: string, extra: Partial<CustomVideo> = {}): CustomVideo => ({
  id, slug: title.toLowerCase().replace(/\s+/g, '-'), title, description: 'Beskrivning', videoUrl: `/uploads/videos/${id}.webm`,
  thumbnailUrl: null, duration: '2:10', active: true, priority: 0, createdAt: '2026-03-01T08:00:00.000Z', ...extra,
});

const modal = () => within(screen.getByRole('dialog', { name: 'YouTube Channel Integration' }));
const webm = (name = 'klipp.webm', type = 'video/webm', size?: number) => {
  const file = new File(['video'], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

function fillUpload(file: File | null, fields = { title: 'Bakom redaktionen', description: 'En dag på redaktionen.', duration: '5:30' }) {
  if (file) fireEvent.change(modal().getByLabelText('Video file'), { target: { files: [file] } });
  fireEvent.change(modal().getByLabelText('Title'), { target: { value: fields.title } });
  fireEvent.change(modal().getByLabelText('Description'), { target: { value: fields.description } });
  fireEvent.change(modal().getByLabelText('Duration'), { target: { value: fields.duration } });
  fireEvent.click(modal().getByRole('button', { name: 'Upload Video' }));
}

describe('the custom video upload', () => {
  const render = (upload?: AdminPlatform['upload'], videos: CustomVideo[] = []) => {
    const api = jsonFetch({ 'GET /api/admin/custom-videos': () => ({ status: 200, body: videos }) });
    renderAdmin(<YouTubeModal open onClose={() => undefined} />, { fetch: api.fetch, user: staffUser(), upload });
    return api;
  };

  it('asks for every field and a file before sending', async () => {
    const upload = vi.fn();
    render(upload);
    fillUpload(null);
    expect(await screen.findByText('Missing Information')).toBeTruthy();
    expect(screen.getByText('Please fill in all fields and select a video file.')).toBeTruthy();
    dismissNotice();
    fillUpload(webm(), { title: 'Titel', description: ' ', duration: '5:30' });
    expect(await screen.findByText('Please fill in all fields and select a video file.')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses other file types and files of 50MB or more', async () => {
    const upload = vi.fn();
    render(upload);
    fillUpload(webm('bild.png', 'image/png'));
    expect(await screen.findByText('Invalid File Type')).toBeTruthy();
    expect(screen.getByText('Please select a valid video file (MP4, WebM, OGG, AVI, MOV).')).toBeTruthy();
    dismissNotice();
    fillUpload(webm('stor.mp4', 'video/mp4', 50 * 1024 * 1024 + 1));
    expect(await screen.findByText('File Too Large')).toBeTruthy();
    expect(screen.getByText('Video file must be less than 50MB.')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('takes a MOV without a MIME type by its extension', async () => {
    const upload = vi.fn(() => new Promise<never>(() => undefined));
    render(upload as unknown as AdminPlatform['upload']);
    fillUpload(webm('intervju.MOV', ''));
    await waitFor(() => expect(upload).toHaveBeenCalled());
  });

  it('uploads with progress, then says so, clears the form and lists the new video', async () => {
    const videos: CustomVideo[] = [];
    let report: ((percent: number) => void) | undefined;
    let finish: (() => void) | undefined;
    const upload = vi.fn((_path: string, form: Record<string, Blob | string>, options?: { onProgress?: (p: number) => void }) => {
      report = options?.onProgress;
      return new Promise((resolve) => {
        finish = () => {
          const created = video(7, String(form.title));
          videos.push(created);
          resolve(created);
        };
      });
    });
    render(upload as unknown as AdminPlatform['upload'], videos);
    expect(await modal().findByText('No custom videos yet.')).toBeTruthy();
    const file = webm();
    fillUpload(file);
    await waitFor(() => expect(upload).toHaveBeenCalled());
    expect(upload.mock.calls[0]![0]).toBe('/api/admin/custom-videos');
    expect(upload.mock.calls[0]![1]).toEqual({ video: file, title: 'Bakom redaktionen', description: 'En dag på redaktionen.', duration: '5:30' });
    report!(40);
    expect(await modal().findByRole('button', { name: 'Uploading Video...' })).toHaveProperty('disabled', true);
    expect(modal().getByRole('progressbar', { name: 'Upload progress' }).getAttribute('value')).toBe('40');
    finish!();
    expect(await screen.findByText('Video uploaded successfully!')).toBeTruthy();
    expect(screen.getByText('Success')).toBeTruthy();
    expect((modal().getByLabelText('Title') as HTMLInputElement).value).toBe('');
    expect((modal().getByLabelText('Video file') as HTMLInputElement).value).toBe('');
    expect(await modal().findByRole('link', { name: 'Bakom redaktionen' })).toBeTruthy();
  });

  it('says Upload Error with the reason when the server refuses', async () => {
    render((() => Promise.reject(new Error('Network error'))) as AdminPlatform['upload']);
    fillUpload(webm());
    expect(await screen.findByText('Upload Error')).toBeTruthy();
    expect(screen.getByText('Network error')).toBeTruthy();
  });
});

describe('the custom video list', () => {
  it('says when the list cannot be fetched, and tries again on request', async () => {
    let broken = true;
    const api = jsonFetch({
      'GET /api/admin/custom-videos': () => (broken ? { status: 500, body: { error: 'Internal error' } } : { status: 200, body: [video(1, 'Klimatet i siffror')] }),
    });
    renderAdmin(<YouTubeModal open onClose={() => undefined} />, { fetch: api.fetch, user: staffUser() });
    expect(await modal().findByText(/Failed to fetch custom videos/)).toBeTruthy();
    broken = false;
    fireEvent.click(modal().getByRole('button', { name: 'Try again' }));
    expect(await modal().findByText('Klimatet i siffror')).toBeTruthy();
  });

  it('shows title, duration and Active or Inactive, and notes that AVI and MOV may not play', async () => {
    const api = jsonFetch({ 'GET /api/admin/custom-videos': [video(1, 'Klimatet i siffror'), video(2, 'Gammal intervju', { active: false, videoUrl: '/uploads/videos/2.mov' })] });
    renderAdmin(<YouTubeModal open onClose={() => undefined} />, { fetch: api.fetch, user: staffUser() });
    const first = (await modal().findByText('Klimatet i siffror')).closest('li')!;
    expect(within(first).getByText('2:10')).toBeTruthy();
    expect(within(first).getByText('Active')).toBeTruthy();
    const second = modal().getByText('Gammal intervju').closest('li')!;
    expect(within(second).getByText('Inactive')).toBeTruthy();
    expect(within(second).getByText('May not play in browsers')).toBeTruthy();
    expect(modal().getByText(/AVI and MOV files are accepted, but browsers may not play them/)).toBeTruthy();
  });

  it('edits title, description, active and priority', async () => {
    let videos = [video(1, 'Klimatet i siffror')];
    const api = jsonFetch({
      'GET /api/admin/custom-videos': () => ({ status: 200, body: videos }),
      'PUT /api/admin/custom-videos/1': (body: unknown) => {
        videos = [{ ...videos[0]!, ...(body as object) }];
        return { status: 200, body: videos[0] };
      },
    });
    renderAdmin(<YouTubeModal open onClose={() => undefined} />, { fetch: api.fetch, user: staffUser() });
    fireEvent.click(await modal().findByRole('button', { name: 'Edit “Klimatet i siffror”' }));
    const editor = within(modal().getByRole('form', { name: 'Edit “Klimatet i siffror”' }));
    fireEvent.change(editor.getByLabelText('Title'), { target: { value: 'Klimatet i nya siffror' } });
    fireEvent.change(editor.getByLabelText('Priority'), { target: { value: '5' } });
    fireEvent.click(editor.getByRole('switch', { name: 'Active' }));
    fireEvent.click(editor.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Video updated successfully!')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ title: 'Klimatet i nya siffror', description: 'Beskrivning', active: false, priority: 5 });
    const row = (await modal().findByText('Klimatet i nya siffror')).closest('li')!;
    expect(within(row).getByText('Inactive')).toBeTruthy();
  });

  it('deletes a video after confirming, and says Delete Error when it cannot', async () => {
    let videos = [video(1, 'Klimatet i siffror'), video(2, 'Veckan i korthet')];
    const api = jsonFetch({
      'GET /api/admin/custom-videos': () => ({ status: 200, body: videos }),
      'DELETE /api/admin/custom-videos/1': () => {
        videos = videos.filter((v) => v.id !== 1);
        return { status: 204, body: null };
      },
      'DELETE /api/admin/custom-videos/2': () => ({ status: 500, body: { error: '' } }),
    });
    renderAdmin(<YouTubeModal open onClose={() => undefined} />, { fetch: api.fetch, user: staffUser() });
    fireEvent.click(await modal().findByRole('button', { name: 'Delete “Klimatet i siffror”' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Video deleted successfully!')).toBeTruthy();
    await waitFor(() => expect(modal().queryByText('Klimatet i siffror')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'YouTube Channel Integration' })).toBeTruthy();

    fireEvent.click(modal().getByRole('button', { name: 'Delete “Veckan i korthet”' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete Error')).toBeTruthy();
    expect(screen.getByText('Failed to delete video')).toBeTruthy();
  });
});

describe('the channel videos', () => {
  const channelVideo = { id: 'vid00000000', videoId: 'vid00000000', title: 'Flödesvideo 1', description: '', thumbnail: 'https://i.ytimg.com/vi/vid00000000/hqdefault.jpg',
    duration: '3:02', isLive: false, publishedAt: '2026-03-01T08:00:00.000Z', viewCount: 10 };

  it('fetches the channel only once a URL is given, and lists what came back', async () => {
    const api = jsonFetch({ 'GET /api/admin/custom-videos': [], 'GET /api/youtube/channel-videos': { videos: [channelVideo] } });
    renderAdmin(<YouTubeModal open onClose={() => undefined} />, { fetch: api.fetch, user: staffUser() });
    expect(modal().getByText('Fetches the latest 10 videos from the channel.')).toBeTruthy();
    const fetchButton = modal().getByRole('button', { name: 'Fetch Channel Videos' });
    expect(fetchButton).toHaveProperty('disabled', true);
    fireEvent.change(modal().getByLabelText('YouTube channel URL'), { target: { value: 'https://www.youtube.com/@redaktion' } });
    fireEvent.click(fetchButton);
    expect(await modal().findByRole('link', { name: 'Flödesvideo 1' })).toHaveProperty('href', 'http://admin.test/watch/vid00000000');
    expect(api.calls.at(-1)?.path).toBe('/api/youtube/channel-videos?channelUrl=https%3A%2F%2Fwww.youtube.com%2F%40redaktion');
  });

  it('alerts the server error, or the spec text when the network fails', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    let broken = false;
    const api = jsonFetch({
      'GET /api/admin/custom-videos': [],
      'GET /api/youtube/channel-videos': () => ({ status: 502, body: { error: 'YouTube: no such channel', code: 'provider_failed' } }),
    });
    const fetch: typeof globalThis.fetch = (input, init) => (broken && String(input).includes('channel-videos') ? Promise.reject(new TypeError('Failed to fetch')) : api.fetch(input, init));
    renderAdmin(<YouTubeModal open onClose={() => undefined} />, { fetch, user: staffUser() });
    fireEvent.change(modal().getByLabelText('YouTube channel URL'), { target: { value: 'https://www.youtube.com/@okand' } });
    fireEvent.click(modal().getByRole('button', { name: 'Fetch Channel Videos' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error: YouTube: no such channel'));
    broken = true;
    await waitFor(() => expect(modal().getByRole('button', { name: 'Fetch Channel Videos' })).toHaveProperty('disabled', false));
    fireEvent.click(modal().getByRole('button', { name: 'Fetch Channel Videos' }));
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith('Failed to fetch channel videos. Please check your API key and channel URL.'));
  });

  it('turns the manual list into placeholder items', async () => {
    renderAdmin(<YouTubeModal open onClose={() => undefined} />, { fetch: jsonFetch({ 'GET /api/admin/custom-videos': [] }).fetch, user: staffUser() });
    fireEvent.change(modal().getByLabelText('YouTube video URLs (one per line)'), {
      target: { value: 'https://youtu.be/dQw4w9WgXcQ\n\nhttps://example.com/nej\nhttps://www.youtube.com/embed/a_b-c1234XY' },
    });
    fireEvent.click(modal().getByRole('button', { name: 'Add Videos' }));
    expect(modal().getByText('Videos (2)')).toBeTruthy();
    expect(modal().getByRole('link', { name: 'Video 1' })).toBeTruthy();
    expect(modal().getByRole('link', { name: 'Video 2' }).getAttribute('href')).toBe('http://admin.test/watch/a_b-c1234XY');
    expect(modal().getAllByText('0:00')).toHaveLength(2);
  });
});
