import http from 'node:http';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { image, MB, videoHeads } from './support/media.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';

let server: TestServer;
let token: string;
let adminCookie: string;
let readerCookie: string;

beforeAll(async () => {
  server = await startTestServer({ env: { UPLOAD_MAX_VIDEO_MB: '64' } });
  const admin = await signedInUser(server.url, server.db, { role: 'admin' });
  adminCookie = [...admin.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  token = (await admin.client.post('/api/tokens', { name: 'tus-test' })).body.token as string;
  const reader = await signedInUser(server.url, server.db);
  readerCookie = [...reader.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
});
afterAll(async () => { await server?.close(); });

const b64 = (text: string) => Buffer.from(text).toString('base64');
const metadata = (filename: string, filetype: string) => `filename ${b64(filename)},filetype ${b64(filetype)}`;

/** One tus request as the desktop app sends it: a bearer token, no cookie. */
async function tus(method: string, url: string, headers: Record<string, string> = {}, body?: Uint8Array) {
  const response = await fetch(server.url + url, {
    method,
    headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}`, ...headers },
    body: body as BodyInit | undefined,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text && /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : undefined };
}

async function create(size: number, filename: string, filetype: string) {
  const created = await tus('POST', '/api/admin/uploads', { 'Upload-Length': String(size), 'Upload-Metadata': metadata(filename, filetype) });
  expect(created.status).toBe(201);
  return created.headers.get('location')!;
}

const patch = (location: string, offset: number, bytes: Uint8Array) =>
  tus('PATCH', location, { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, bytes);

const offsetOf = async (location: string) => Number((await tus('HEAD', location)).headers.get('upload-offset'));

/** Sends `bytes` as a PATCH and drops the connection after `sent` of them, as a train entering a tunnel does. */
function cutPatch(location: string, offset: number, bytes: Buffer, sent: number): Promise<void> {
  return new Promise((resolve) => {
    const url = new URL(server.url + location);
    const request = http.request({
      host: url.hostname, port: url.port, path: url.pathname, method: 'PATCH',
      headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}`, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(bytes.length) },
    });
    request.on('error', () => resolve());
    request.write(bytes.subarray(0, sent), () => setTimeout(() => { request.destroy(); resolve(); }, 200));
  });
}

/** A video file of `size` bytes whose first bytes say MP4. */
const mp4 = (size: number) => {
  const bytes = Buffer.alloc(size);
  videoHeads.mp4().copy(bytes);
  for (let i = 4096; i < size; i += 4096) bytes.writeUInt32BE(i, i);
  return bytes;
};

const resumableDir = () => path.join(server.config.dataDir, 'resumable');
const leftOf = async (location: string) => (await readdir(resumableDir())).filter((name) => name.startsWith(path.basename(location)));

describe('resumable uploads (tus 1.0.0)', () => {
  it('are for admins only', async () => {
    const headers = { 'Tus-Resumable': '1.0.0', 'Upload-Length': '100', 'Upload-Metadata': metadata('a.mp4', 'video/mp4') };
    const anonymous = await fetch(`${server.url}/api/admin/uploads`, { method: 'POST', headers });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'not_authenticated' });
    const reader = await fetch(`${server.url}/api/admin/uploads`, { method: 'POST', headers: { ...headers, Cookie: readerCookie } });
    expect(reader.status).toBe(403);
    const revoked = await fetch(`${server.url}/api/admin/uploads`, { method: 'POST', headers: { ...headers, Authorization: 'Bearer rdk_not-a-token' } });
    expect(revoked.status).toBe(401);
  });

  it('offer core, creation, termination and expiration, and no deferred length', async () => {
    const options = await tus('OPTIONS', '/api/admin/uploads');
    expect(options.status).toBe(204);
    expect(options.headers.get('tus-version')).toBe('1.0.0');
    expect(options.headers.get('tus-extension')!.split(',')).toEqual(expect.arrayContaining(['creation', 'termination', 'expiration']));
    expect(options.headers.get('tus-extension')).not.toContain('creation-defer-length');
    expect(options.headers.get('tus-max-size')).toBe(String(500 * MB));
  });

  it('resume after a cut connection from the offset HEAD reports, and answer {url, kind} at the last byte', async () => {
    const bytes = mp4(3 * MB);
    const location = await create(bytes.length, 'Intervju med rektorn.mp4', 'video/mp4');
    expect(location).toMatch(/^\/api\/admin\/uploads\/[0-9a-f]{32}$/);

    const first = await patch(location, 0, bytes.subarray(0, MB));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(MB));
    expect(first.headers.get('upload-expires')).toBeTruthy();

    await cutPatch(location, MB, bytes.subarray(MB), MB / 2);
    const offset = await offsetOf(location);
    expect(offset).toBeGreaterThan(MB);
    expect(offset).toBeLessThanOrEqual(MB + MB / 2);
    // The old offset is now wrong: the server says so instead of writing in the wrong place.
    expect((await patch(location, MB, bytes.subarray(MB))).status).toBe(409);

    const last = await patch(location, offset, bytes.subarray(offset));
    expect(last.status).toBe(200);
    expect(last.json).toEqual({ url: expect.stringMatching(/^\/uploads\/videos\/[0-9a-f-]{36}\.mp4$/), kind: 'video' });
    const served = await fetch(server.url + last.json.url);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    // The file is in the store: no second copy waits beside it, only the record that answers HEAD.
    expect((await stat(path.join(resumableDir(), path.basename(location)))).size).toBe(0);

    // A client whose final answer was lost finds it again: from HEAD, or by repeating the last PATCH.
    const head = await tus('HEAD', location);
    expect(head.headers.get('upload-offset')).toBe(String(bytes.length));
    expect(head.headers.get('upload-metadata')).toContain(`url ${b64(last.json.url)}`);
    expect((await patch(location, bytes.length, new Uint8Array(0))).json).toEqual(last.json);
    // A finished upload cannot be terminated: its file is in use.
    expect((await tus('DELETE', location)).status).toBe(400);
  });

  it('place images and audio as POST /api/upload does', async () => {
    const png = await image('png', 1000, 500);
    const imageAt = await create(png.length, 'foto.png', 'image/png');
    const placedImage = await patch(imageAt, 0, png);
    expect(placedImage.json).toMatchObject({ kind: 'image', url: expect.stringMatching(/^\/uploads\/images\/.+\.png$/), width: 1000, height: 500 });
    expect(placedImage.json.variants.map((variant: { width: number }) => variant.width)).toEqual([400, 800]);

    const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(50_000, 4)]);
    const audioAt = await create(mp3.length, 'avsnitt.mp3', 'audio/mpeg');
    const placedAudio = await patch(audioAt, 0, mp3);
    expect(placedAudio.json).toEqual({ kind: 'audio', url: expect.stringMatching(/^\/api\/admin\/audio\/[0-9a-f-]{36}\.mp3$/) });
    const preview = await fetch(server.url + placedAudio.json.url, { headers: { Cookie: adminCookie } });
    expect(preview.status).toBe(200);
    expect((await preview.arrayBuffer()).byteLength).toBe(mp3.length);
  });

  it("refuse at creation a file over its type's limit (413)", async () => {
    const tooLarge = [['film.mp4', 'video/mp4', 64 * MB + 1, 'Videos must be smaller than 64MB'], ['ljud.mp3', 'audio/mpeg', 500 * MB + 1, 'Audio files must be smaller than 500MB'], ['bild.jpg', 'image/jpeg', 20 * MB + 1, 'Images must be smaller than 20MB']] as const;
    for (const [name, type, size, message] of tooLarge) {
      const answer = await tus('POST', '/api/admin/uploads', { 'Upload-Length': String(size), 'Upload-Metadata': metadata(name, type) });
      expect(answer.status).toBe(413);
      expect(answer.json).toEqual({ error: message, code: 'payload_too_large' });
    }
    expect((await tus('POST', '/api/admin/uploads', { 'Upload-Length': String(64 * MB), 'Upload-Metadata': metadata('film.mp4', 'video/mp4') })).status).toBe(201);
  });

  it('refuse an upload without a length, a name or a media type', async () => {
    const deferred = await tus('POST', '/api/admin/uploads', { 'Upload-Defer-Length': '1', 'Upload-Metadata': metadata('a.mp4', 'video/mp4') });
    expect(deferred).toMatchObject({ status: 400, json: { error: 'Upload-Length is required', code: 'validation_failed' } });
    const unnamed = await tus('POST', '/api/admin/uploads', { 'Upload-Length': '100', 'Upload-Metadata': `filetype ${b64('video/mp4')}` });
    expect(unnamed).toMatchObject({ status: 400, json: { error: 'Upload-Metadata must carry filename and filetype' } });
    const pdf = await tus('POST', '/api/admin/uploads', { 'Upload-Length': '100', 'Upload-Metadata': metadata('a.pdf', 'application/pdf') });
    expect(pdf).toMatchObject({ status: 415, json: { code: 'unsupported_media_type' } });
    const noTus = await fetch(`${server.url}/api/admin/uploads`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Upload-Length': '100' } });
    expect(noTus.status).toBe(412);
  });

  it('answer 415 and delete the bytes when the file is not what it was declared to be', async () => {
    const before = await readdir(path.join(path.join(server.config.dataDir, 'uploads'), 'videos')).catch(() => []);
    const png = await image('png', 200, 100);
    const location = await create(png.length, 'inte-en-film.mp4', 'video/mp4');
    const answer = await patch(location, 0, png);
    expect(answer.status).toBe(415);
    expect(answer.json).toEqual({ error: 'The file is not one of the accepted video types (MP4, WebM, OGG, AVI or MOV)', code: 'unsupported_media_type' });
    expect(await leftOf(location)).toEqual([]);
    expect((await tus('HEAD', location)).status).toBe(404);
    expect(await readdir(path.join(path.join(server.config.dataDir, 'uploads'), 'videos')).catch(() => [])).toEqual(before);
  });

  it('end with DELETE (termination), leaving nothing behind', async () => {
    const bytes = mp4(MB);
    const location = await create(bytes.length, 'avbruten.mp4', 'video/mp4');
    await patch(location, 0, bytes.subarray(0, MB / 2));
    expect(await leftOf(location)).toHaveLength(2);
    expect((await tus('DELETE', location)).status).toBe(204);
    expect((await tus('HEAD', location)).status).toBe(404);
    expect(await leftOf(location)).toEqual([]);
  });

  it('expire 24 hours after they began: PATCH answers 410 and the next sweep deletes the bytes', async () => {
    const bytes = mp4(MB);
    const location = await create(bytes.length, 'gammal.mp4', 'video/mp4');
    await patch(location, 0, bytes.subarray(0, MB / 2));
    // A finished one's record (its answer for HEAD) goes at the same time.
    const finished = await create(bytes.length, 'klar.mp4', 'video/mp4');
    expect((await patch(finished, 0, bytes)).status).toBe(200);
    const age = async (upload: string) => {
      const record = path.join(resumableDir(), `${path.basename(upload)}.json`);
      const info = JSON.parse(await readFile(record, 'utf8'));
      await writeFile(record, JSON.stringify({ ...info, creation_date: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() }));
    };
    await age(location);
    await age(finished);
    expect((await patch(location, MB / 2, bytes.subarray(MB / 2))).status).toBe(410);

    // Every server sweeps when it starts (and hourly): a second process on the same data does it now.
    const second = await startTestServer({ database: server.database });
    try {
      await expect.poll(() => leftOf(location), { timeout: 5000 }).toEqual([]);
      await expect.poll(() => leftOf(finished), { timeout: 5000 }).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('work with tus-js-client: a 4 MB video in 1 MB chunks, stopped halfway and resumed', async () => {
    const bytes = mp4(4 * MB);
    const options = {
      endpoint: `${server.url}/api/admin/uploads`,
      chunkSize: MB,
      retryDelays: null,
      headers: { Authorization: `Bearer ${token}` },
      metadata: { filename: 'reportage.mp4', filetype: 'video/mp4' },
    };
    let uploadUrl: string | null = null;
    await new Promise<void>((resolve, reject) => {
      const upload = new Upload(bytes, {
        ...options,
        onError: reject,
        onChunkComplete: (_chunk, accepted) => {
          if (accepted >= 2 * MB) {
            uploadUrl = upload.url;
            void upload.abort().then(resolve);
          }
        },
      });
      upload.start();
    });
    expect(await offsetOf(new URL(uploadUrl!).pathname)).toBe(2 * MB);

    let sent = 0;
    const answer = await new Promise<string>((resolve, reject) => {
      const upload = new Upload(bytes, {
        ...options,
        uploadUrl,
        onError: reject,
        onChunkComplete: (chunk) => { sent += chunk; },
        onSuccess: ({ lastResponse }) => resolve(lastResponse.getBody()),
      });
      upload.start();
    });
    expect(sent).toBe(2 * MB);
    expect(JSON.parse(answer)).toEqual({ url: expect.stringMatching(/^\/uploads\/videos\/.+\.mp4$/), kind: 'video' });
  });
});

describe('a custom video from a finished upload (JSON)', () => {
  const asAdmin = (body: unknown) => fetch(`${server.url}/api/admin/custom-videos`, {
    method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  }).then(async (response) => ({ status: response.status, body: await response.json() }));

  it('is created from the url the upload answered, and names each file once', async () => {
    const bytes = mp4(MB);
    const location = await create(bytes.length, 'Veckans intervju.mp4', 'video/mp4');
    const { json: uploaded } = await patch(location, 0, bytes);
    const created = await asAdmin({ title: 'Veckans intervju', description: 'Med rektorn', duration: '12:30', videoUrl: uploaded.url });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Veckans intervju', description: 'Med rektorn', duration: '12:30', videoUrl: uploaded.url, active: true });
    expect((await fetch(server.url + created.body.videoUrl)).status).toBe(200);
    const again = await asAdmin({ title: 'Samma fil', description: 'Igen', duration: '12:30', videoUrl: uploaded.url });
    expect(again.status).toBe(409);
  });

  it('never names a file outside the product\'s own videos, nor fetches one', async () => {
    const fields = { title: 'T', description: 'D', duration: '1:00' };
    for (const videoUrl of [
      'http://127.0.0.1:9/uploads/videos/00000000-0000-0000-0000-000000000000.mp4',
      '/uploads/videos/../images/00000000-0000-0000-0000-000000000000.png',
      '/uploads/videos/00000000-0000-0000-0000-000000000000.mp4',
      '//evil.example/uploads/videos/x.mp4',
    ]) {
      const answer = await asAdmin({ ...fields, videoUrl });
      expect(answer.status).toBe(400);
      expect(answer.body.issues[0]).toEqual({ path: 'videoUrl', message: 'videoUrl must name a finished video upload (/uploads/videos/…)' });
    }
    expect((await asAdmin({ ...fields })).body.issues[0].path).toBe('videoUrl');
  });

  it('is documented beside the multipart form', async () => {
    const document = await (await fetch(`${server.url}/api/openapi.json`)).json();
    const content = document.paths['/api/admin/custom-videos'].post.requestBody.content;
    expect(Object.keys(content).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(content['multipart/form-data'].schema.required).toContain('video');
    expect(document.paths['/api/admin/uploads'].post.parameters.map((p: { name: string }) => p.name)).toEqual(['Tus-Resumable', 'Upload-Length', 'Upload-Metadata']);
    expect(document.paths['/api/admin/uploads/{id}'].patch.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/UploadAnswer');
    expect(document.components.schemas.UploadAnswer).toBeDefined();
    const docs = await (await fetch(`${server.url}/api/docs`)).text();
    expect(docs).toContain('Creates a resumable upload (tus creation)');
  });
});
