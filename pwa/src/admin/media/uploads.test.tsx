import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@redaktion/shared/client';
import { resetAdminScreens, jsonFetch, renderAdmin, staffUser } from '../test/render';
import type { AdminPlatform, UploadOptions } from '../platform';
import { MultiFileUpload } from './MultiFileUpload';
import { SingleFileUpload } from './SingleFileUpload';

const MB = 1024 * 1024;

beforeAll(() => {
  // jsdom has no object URLs; the control only hands them to <img>/<audio>.
  let next = 0;
  URL.createObjectURL = () => `blob:local-${(next += 1)}`;
  URL.revokeObjectURL = () => undefined;
});
afterEach(resetAdminScreens);

/** A file of `size` bytes without allocating them. */
function file(name: string, type: string, size = 1000): File {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

/** An upload the test drives: report progress, then answer or fail. */
function drivenUpload() {
  const calls: { form: Record<string, unknown>; options?: UploadOptions; resolve(value: unknown): void; reject(error: unknown): void }[] = [];
  const upload = vi.fn((_path: string, form: Record<string, unknown>, options?: UploadOptions) =>
    new Promise((resolve, reject) => { calls.push({ form, options, resolve, reject }); })) as unknown as AdminPlatform['upload'];
  return { upload, calls };
}

function Single({ initial = '', kind = 'image' as const, maxMB }: { initial?: string; kind?: 'image' | 'audio' | 'file'; maxMB?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <SingleFileUpload label="Cover image" kind={kind} value={value} onChange={setValue} maxMB={maxMB} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const renderSingle = (upload: AdminPlatform['upload'], props: Parameters<typeof Single>[0] = {}) =>
  renderAdmin(<Single {...props} />, { fetch: jsonFetch({}).fetch, user: staffUser(), upload });

const choose = (label: string, ...files: File[]) => fireEvent.change(screen.getByLabelText(label), { target: { files } });
const preview = () => document.querySelector('img.upload-preview')?.getAttribute('src');
const value = () => screen.getByTestId('value').textContent;

describe('the single-file upload control', () => {
  it('uploads a chosen image with a real progress bar, locks itself meanwhile and takes the URL', async () => {
    const { upload, calls } = drivenUpload();
    renderSingle(upload);
    const image = file('omslag.png', 'image/png');
    choose('Cover image', image);

    expect(calls).toHaveLength(1);
    expect(calls[0]!.form).toEqual({ file: image });
    expect(vi.mocked(upload).mock.calls[0]![0]).toBe('/api/upload');
    act(() => calls[0]!.options!.onProgress!(42));
    const bar = screen.getByRole('progressbar', { name: 'Upload progress: omslag.png' }) as HTMLProgressElement;
    expect(bar.value).toBe(42);
    expect(bar.max).toBe(100);
    expect(screen.getByRole('button', { name: /^Uploading… 42%: / })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Cover image: or paste an address')).toHaveProperty('disabled', true);
    expect(preview()).toMatch(/^blob:/);

    await act(async () => calls[0]!.resolve({ url: '/uploads/images/abc.webp', kind: 'image' }));
    expect(value()).toBe('/uploads/images/abc.webp');
    expect(preview()).toBe('http://admin.test/uploads/images/abc.webp');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose image: Cover image' })).toHaveProperty('disabled', false);
    expect(await screen.findByText('Upload successful')).toBeTruthy();
  });

  it('goes back to the previous preview and value when the upload fails, and says why', async () => {
    const { upload, calls } = drivenUpload();
    renderSingle(upload, { initial: '/uploads/images/old.jpg' });
    expect(preview()).toBe('http://admin.test/uploads/images/old.jpg');
    choose('Cover image', file('ny.jpg', 'image/jpeg'));
    expect(preview()).toMatch(/^blob:/);

    await act(async () => calls[0]!.reject(new Error('Network error')));
    expect(preview()).toBe('http://admin.test/uploads/images/old.jpg');
    expect(value()).toBe('/uploads/images/old.jpg');
    expect(await screen.findByText('Upload failed')).toBeTruthy();
    expect(screen.getByText('Network error')).toBeTruthy();
  });

  it("shows the server's own words when it refuses the file (413, 415)", async () => {
    const { upload, calls } = drivenUpload();
    renderSingle(upload, { kind: 'audio', maxMB: 500 });
    choose('Cover image', file('lång.mp3', 'audio/mpeg', 200 * MB));
    await act(async () => calls[0]!.reject(new ApiError(413, 'File too large', 'payload_too_large', [{ path: 'file', message: 'Audio files must be smaller than 100MB' }])));
    expect(await screen.findByText('File too large')).toBeTruthy();
    expect(screen.getByText('Audio files must be smaller than 100MB')).toBeTruthy();
    expect(document.querySelector('audio')).toBeNull();
  });

  it('says when the server answers without a URL', async () => {
    const { upload, calls } = drivenUpload();
    renderSingle(upload);
    choose('Cover image', file('a.png', 'image/png'));
    await act(async () => calls[0]!.resolve({}));
    expect(await screen.findByText('No URL returned from server')).toBeTruthy();
    expect(value()).toBe('');
  });

  it('refuses a wrong type or a too large file before sending anything', async () => {
    const { upload } = drivenUpload();
    renderSingle(upload, { maxMB: 5 });
    choose('Cover image', file('bild.gif', 'image/gif'));
    expect(await screen.findByText('Invalid file type')).toBeTruthy();
    expect(screen.getByText('Please select a valid image file')).toBeTruthy();
    choose('Cover image', file('stor.jpg', 'image/jpeg', 6 * MB));
    expect(await screen.findByText('Please select an image smaller than 5MB')).toBeTruthy();
    expect(screen.getByText('File too large')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('takes a pasted address instead of a file, and can be emptied', () => {
    renderSingle(drivenUpload().upload, { initial: '/uploads/images/old.jpg' });
    fireEvent.change(screen.getByLabelText('Cover image: or paste an address'), { target: { value: 'https://bilder.example.se/a.jpg' } });
    expect(value()).toBe('https://bilder.example.se/a.jpg');
    expect(preview()).toBe('https://bilder.example.se/a.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Cover image' }));
    expect(value()).toBe('');
    expect(screen.getByText('No file chosen')).toBeTruthy();
  });

  it('plays audio in the preview and takes no address for it', async () => {
    const { upload, calls } = drivenUpload();
    renderSingle(upload, { kind: 'audio' });
    expect(screen.queryByLabelText('Cover image: or paste an address')).toBeNull();
    expect(screen.getByLabelText('Cover image').getAttribute('accept')).toContain('audio/mpeg');
    choose('Cover image', file('avsnitt.mp3', 'audio/mpeg'));
    await act(async () => calls[0]!.resolve({ url: '/api/admin/audio/x.mp3', kind: 'audio' }));
    expect(document.querySelector('audio')?.getAttribute('src')).toBe('http://admin.test/api/admin/audio/x.mp3');
  });
});

describe('the multi-file upload control', () => {
  function renderMulti(upload: AdminPlatform['upload'], maxMB?: number) {
    const uploaded: string[] = [];
    renderAdmin(<MultiFileUpload label="Gallery" kind="image" maxMB={maxMB} onUploaded={(url) => uploaded.push(url)} />,
      { fetch: jsonFetch({}).fetch, user: staffUser(), upload });
    return uploaded;
  }

  it('uploads several files side by side, each with its own progress, and lists the uploaded ones', async () => {
    const { upload, calls } = drivenUpload();
    const uploaded = renderMulti(upload);
    choose('Gallery', file('ett.jpg', 'image/jpeg'), file('två.png', 'image/png'));
    expect(calls).toHaveLength(2);
    act(() => {
      calls[0]!.options!.onProgress!(30);
      calls[1]!.options!.onProgress!(80);
    });
    expect((screen.getByRole('progressbar', { name: 'Upload progress: ett.jpg' }) as HTMLProgressElement).value).toBe(30);
    expect((screen.getByRole('progressbar', { name: 'Upload progress: två.png' }) as HTMLProgressElement).value).toBe(80);

    await act(async () => calls[1]!.resolve({ url: '/uploads/images/2.webp' }));
    expect(uploaded).toEqual(['/uploads/images/2.webp']);
    expect(screen.getByRole('heading', { name: 'Uploaded files' })).toBeTruthy();
    expect(screen.getByText('två.png')).toBeTruthy();

    await act(async () => calls[0]!.reject(new Error('Upload timeout')));
    expect(await screen.findByText('Upload timeout')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(uploaded).toEqual(['/uploads/images/2.webp']);
  });

  it('refuses a file over the limit with the limit in the message (50MB by default)', async () => {
    const { upload, calls } = drivenUpload();
    renderMulti(upload);
    choose('Gallery', file('jätte.jpg', 'image/jpeg', 51 * MB), file('liten.jpg', 'image/jpeg'));
    expect(await screen.findByText('Maximum file size is 50MB')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('takes files dropped on the zone', async () => {
    const { upload, calls } = drivenUpload();
    renderMulti(upload, 10);
    const zone = screen.getByText('Drag and drop files here, or').parentElement!;
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    expect(zone.getAttribute('data-dragging')).toBe('true');
    fireEvent.drop(zone, { dataTransfer: { files: [file('släppt.webp', 'image/webp')] } });
    expect(zone.getAttribute('data-dragging')).toBe('false');
    await waitFor(() => expect(calls).toHaveLength(1));
  });
});
