import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { HttpClient } from './support/http-client.js';
import { abortedUpload, audioHeads, image, MB, postForm, variantsMade, videoHeads } from './support/media.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';

let server: TestServer;
let admin: HttpClient;
let cookies: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signedInUser(server.url, server.db, { role: 'admin' })).client;
  cookies = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
});
afterAll(async () => { await server?.close(); });

const upload = (bytes: Buffer | Uint8Array, name: string) => postForm(server.url, '/api/upload', cookies, { file: [bytes, name] });
const filesIn = async (dir: string) => (await readdir(dir).catch(() => [] as string[])).sort();
const everything = async () => ({
  images: await filesIn(path.join(path.join(server.config.dataDir, 'uploads'), 'images')),
  videos: await filesIn(path.join(path.join(server.config.dataDir, 'uploads'), 'videos')),
  audio: await filesIn(path.join(server.config.dataDir, 'audio')),
  temp: await filesIn(path.join(server.config.dataDir, 'tmp')),
});

describe('image uploads', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('stores a %s under a generated name with WebP variants of 400, 800 and 1600 px', async (format) => {
    const response = await upload(await image(format), 'Mitt foto!.bild');
    expect(response.status).toBe(201);
    expect(response.body.url).toMatch(/^\/uploads\/images\/[0-9a-f-]{36}\.(png|jpg|webp)$/);
    expect(response.body).toMatchObject({ kind: 'image', width: 2000, height: 1000 });
    expect(response.body.variants.map((v: { width: number }) => v.width)).toEqual([400, 800, 1600]);
    await variantsMade(server.url, response.body.variants);
    for (const variant of response.body.variants) {
      const served = await fetch(server.url + variant.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(variant.width);
    }
    const original = await fetch(server.url + response.body.url);
    expect(original.status).toBe(200);
    expect(original.headers.get('accept-ranges')).toBe('bytes');
    // A client that has it already is told so, by the validator it was given (a browser's reload sends max-age=0; fetch
    // would otherwise add no-cache to a conditional request, which asks for the whole answer).
    const revalidate = { 'If-None-Match': original.headers.get('etag')!, 'Cache-Control': 'max-age=0' };
    expect((await fetch(server.url + response.body.url, { headers: revalidate })).status).toBe(304);
  });

  it('never enlarges a small image', async () => {
    const response = await upload(await image('png', 300, 200), 'liten.png');
    expect(response.body.variants).toEqual([{ width: 300, url: expect.stringMatching(/-300\.webp$/) }]);
    await variantsMade(server.url, response.body.variants);
  });

  it('answers ?w= (the srcset candidates) with the variant of that width, the widest narrower one, or the original', async () => {
    const widthOf = async (url: string) => {
      const served = await fetch(server.url + url);
      expect(served.status).toBe(200);
      return [served.headers.get('content-type'), (await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width];
    };
    const uploaded = (await upload(await image('png', 1000, 500), 'mellan.png')).body;
    await variantsMade(server.url, uploaded.variants);
    const wide = uploaded.url as string;
    expect(await widthOf(`${wide}?w=400`)).toEqual(['image/webp', 400]);
    expect(await widthOf(`${wide}?w=1600`)).toEqual(['image/webp', 800]);
    const smallUpload = (await upload(await image('png', 300, 200), 'liten.png')).body;
    await variantsMade(server.url, smallUpload.variants);
    const small = smallUpload.url as string;
    expect(await widthOf(`${small}?w=400`)).toEqual(['image/png', 300]);
    expect(await widthOf(`${small}?w=123`)).toEqual(['image/png', 300]);
  });

  it('answers a variant the background job has not made yet with its original, cached only for a minute', async () => {
    const uploaded = (await upload(await image('jpeg', 1000, 500), 'snart.jpg')).body;
    await variantsMade(server.url, uploaded.variants);
    const [variant] = uploaded.variants as { width: number; url: string }[];
    // As it stands between the upload's answer and the job's run.
    await rm(path.join(server.config.dataDir, variant!.url.slice(1)));
    for (const url of [variant!.url, `${uploaded.url}?w=400`]) {
      const served = await fetch(server.url + url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      expect(served.headers.get('cache-control')).toBe('public, max-age=60');
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(1000);
    }
    expect((await fetch(`${server.url}/uploads/images/${randomUUID()}-400.webp`)).status).toBe(404);
  });

  it('decides the type by the bytes: a PNG named .mp3 is an image, text named .jpg is refused with 415', async () => {
    const lying = await upload(await image('png', 500, 500), 'song.mp3');
    expect(lying.status).toBe(201);
    expect(lying.body.kind).toBe('image');
    await variantsMade(server.url, lying.body.variants);
    const before = await everything();
    const text = await upload(Buffer.from('<html><script>alert(1)</script></html>'.repeat(10)), 'photo.jpg');
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ error: 'Invalid file type', code: 'unsupported_media_type' });
    const broken = await upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 1)]), 'trasig.jpg');
    expect(broken.status).toBe(415);
    expect(await everything()).toEqual(before);
  });

  it('refuses an image over 20 MB with 413 and keeps nothing', async () => {
    const before = await everything();
    const header = await image('png', 10, 10);
    const response = await upload(Buffer.concat([header, Buffer.alloc(21 * MB)]), 'enorm.png');
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ error: 'File too large', code: 'payload_too_large' });
    expect(response.body.issues[0].message).toBe('Images must be smaller than 20MB');
    expect(await everything()).toEqual(before);
  });

  it('answers 400 when no file is sent, or the body is not multipart', async () => {
    const none = await postForm(server.url, '/api/upload', cookies, {}, { note: 'ingen fil' });
    expect(none.status).toBe(400);
    expect((await admin.post('/api/upload', { file: 'x' })).status).toBe(400);
  });
});

describe('audio uploads', () => {
  it.each(Object.entries(audioHeads))('stores %s privately: not under the public uploads, playable by staff', async (kind, make) => {
    const response = await upload(make(), `avsnitt.${kind}`);
    expect(response.status).toBe(201);
    expect(response.body.kind).toBe('audio');
    expect(response.body.url).toMatch(/^\/api\/admin\/audio\/[0-9a-f-]{36}\.(mp3|wav|ogg|m4a)$/);
    const name = response.body.url.split('/').pop();
    expect((await fetch(`${server.url}/uploads/${name}`)).status).toBe(404);
    expect((await fetch(server.url + response.body.url)).status).toBe(401);
    const asAdmin = await admin.get(response.body.url, { Range: 'bytes=0-9' });
    expect(asAdmin.status).toBe(206);
  });

  it('refuses audio over 100 MB with 413 and keeps nothing', async () => {
    const before = await everything();
    const response = await upload(Buffer.concat([audioHeads.mp3(), Buffer.alloc(101 * MB)]), 'lång.mp3');
    expect(response.status).toBe(413);
    expect(response.body.issues[0].message).toBe('Audio files must be smaller than 100MB');
    expect(await everything()).toEqual(before);
  });

  it("leaves nothing behind when the connection drops mid-upload, and lets only the server's user read what arrived", async () => {
    const before = await everything();
    const temp = path.join(server.config.dataDir, 'tmp');
    const arriving: string[] = [];
    await abortedUpload(server.url, '/api/upload', cookies, audioHeads.mp3(), 20 * MB, 4 * MB, async () => {
      for (const name of await filesIn(temp)) arriving.push(((await stat(path.join(temp, name))).mode & 0o777).toString(8));
    });
    expect(arriving).toEqual(['600']);
    let after = await everything();
    for (let attempt = 0; attempt < 50 && JSON.stringify(after) !== JSON.stringify(before); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await everything();
    }
    expect(after).toEqual(before);
    // The server is still well after the abort.
    expect((await upload(audioHeads.wav(), 'efter.wav')).status).toBe(201);
  });

  it('removes at the hourly clean-up a part that a killed process left and a quick restart kept, and none in use', async () => {
    const temp = path.join(server.config.dataDir, 'tmp');
    await mkdir(temp, { recursive: true });
    const leftByKill = path.join(temp, `${randomUUID()}.part`);
    const inUse = path.join(temp, `${randomUUID()}.part`);
    await writeFile(leftByKill, Buffer.alloc(MB));
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(leftByKill, twoHoursAgo, twoHoursAgo);
    // Written a while ago and now being put into a slow store.
    await writeFile(inUse, Buffer.alloc(MB));
    const tenMinutesAgo = new Date(Date.now() - 10 * 60 * 1000);
    await utimes(inUse, tenMinutesAgo, tenMinutesAgo);
    // The clean-up also runs as a process starts: a second one on the same data does it now.
    const second = await startTestServer({ database: server.database });
    try {
      await expect.poll(() => filesIn(temp), { timeout: 5000 }).toEqual([path.basename(inUse)]);
    } finally {
      await second.close();
      await rm(inUse);
    }
  });
});

describe('custom videos', () => {
  const send = (video: [Buffer, string] | null, fields: Record<string, string>, thumbnail?: Buffer) =>
    postForm(server.url, '/api/admin/custom-videos', cookies, {
      ...(video ? { video } : {}), ...(thumbnail ? { thumbnail: [thumbnail, 'poster.jpg'] as [Buffer, string] } : {}),
    }, fields);
  const fields = { title: 'Veckan i korthet', description: 'Nyheterna på en minut', duration: '1:05' };

  it('uploads each accepted type, makes unique slugs, and the public list shows active ones by priority', async () => {
    const made = [];
    for (const [kind, head] of Object.entries(videoHeads)) {
      const response = await send([head(), `klipp.${kind}`], fields, kind === 'mp4' ? await image('jpeg', 640, 360) : undefined);
      expect(response.status, kind).toBe(201);
      made.push(response.body);
    }
    expect(made.map((v) => v.slug)).toEqual(['veckan-i-korthet', 'veckan-i-korthet-2', 'veckan-i-korthet-3', 'veckan-i-korthet-4']);
    expect(made[0].thumbnailUrl).toMatch(/^\/uploads\/images\//);
    expect(made[0].videoUrl).toMatch(/^\/uploads\/videos\/[0-9a-f-]{36}\.mp4$/);
    const ranged = await fetch(server.url + made[1].videoUrl, { headers: { Range: 'bytes=0-3' } });
    expect(ranged.status).toBe(206);

    const updated = await admin.request('PUT', `/api/admin/custom-videos/${made[2].id}`, { priority: 10, title: 'Viktigast' });
    expect(updated.body).toMatchObject({ priority: 10, title: 'Viktigast', slug: 'veckan-i-korthet-3' });
    await admin.request('PUT', `/api/admin/custom-videos/${made[0].id}`, { active: false });
    const listed = (await new HttpClient(server.url).get('/api/custom-videos')).body;
    expect(listed[0].id).toBe(made[2].id);
    expect(listed.map((v: { id: number }) => v.id)).not.toContain(made[0].id);
    expect((await new HttpClient(server.url).get('/api/custom-videos/slug/veckan-i-korthet')).status).toBe(404);
    expect((await admin.get('/api/admin/custom-videos')).body).toHaveLength(4);

    expect((await admin.delete(`/api/admin/custom-videos/${made[1].id}`)).status).toBe(204);
    expect((await fetch(server.url + made[1].videoUrl)).status).toBe(404);
    expect((await admin.delete(`/api/admin/custom-videos/${made[1].id}`)).status).toBe(404);
  });

  it("answers the spec's messages: missing information, wrong type (415), over 50 MB (413)", async () => {
    const before = await everything();
    const missing = await send([videoHeads.webm(), 'a.webm'], { title: 'Bara titel' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Please fill in all fields and select a video file.');
    const noFile = await send(null, fields);
    expect(noFile.status).toBe(400);
    const wrong = await send([await image('png', 50, 50), 'film.mp4'], fields);
    expect(wrong.status).toBe(415);
    expect(wrong.body.error).toBe('Invalid File Type');
    expect(wrong.body.issues[0].message).toBe('Please select a valid video file (MP4, WebM, OGG, AVI, MOV).');
    const large = await send([Buffer.concat([videoHeads.mp4(), Buffer.alloc(51 * MB)]), 'stor.mp4'], fields);
    expect(large.status).toBe(413);
    expect(large.body.error).toBe('File Too Large');
    expect(large.body.issues[0].message).toBe('Video file must be less than 50MB.');
    expect(await everything()).toEqual(before);
  });
});

describe('stored files are named by the product, never by a path a client makes up', () => {
  it.each([
    '/api/admin/audio/..', '/api/admin/audio/%2e%2e', '/api/admin/audio/a%00.mp3', '/api/admin/audio/.hidden.mp3',
    '/uploads/..%2Fredaktion.sqlite', '/uploads/images/%00.png', `/uploads/images/${'a'.repeat(1100)}.png`, '/uploads/%5Cimages',
    '/media/og/..%2F..%2Fredaktion.sqlite.jpg', '/media/artwork/images%2F%00.jpg',
  ])('answers %s with 404, not an error', async (url) => {
    const response = await admin.get(url);
    expect(response.status).toBe(404);
  });

  it('refuses an episode whose audio names a file outside the stored audio with 400', async () => {
    for (const audioUrl of ['/api/admin/audio/..', '/api/admin/audio/../redaktion.sqlite', '/api/admin/audio/x%00.mp3', '/api/admin/audio/\\x.mp3']) {
      const response = await admin.post('/api/admin/podcasts', { title: 'Avsnitt', description: 'Om veckan', duration: 60, kind: 'interview', audioUrl });
      expect(response.status, audioUrl).toBe(400);
      expect(response.body.issues).toEqual([{ path: 'audioUrl', message: 'Audio file is required' }]);
    }
  });
});

/** Whether an EXIF block carries a GPS IFD (tag 0x8825 in IFD0), read as a TIFF reader does. */
function hasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') === 0 ? 6 : 0);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  return Array.from({ length: u16(ifd) }, (_, n) => u16(ifd + 2 + n * 12)).includes(0x8825);
}

describe('stored images carry no metadata', () => {
  it('strips EXIF, GPS and the author from the served original and its variants, keeping the orientation', async () => {
    // 900×450 stored sideways (orientation 6): it stands 450×900 when shown.
    const plain = await sharp({ create: { width: 900, height: 450, channels: 3, background: '#5a7' } }).jpeg().toBuffer();
    const photo = await sharp(plain).withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Artist: 'Anna Fotograf', Copyright: 'Anna Fotograf' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 19/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '18/1 4/1 0/1' } })
      .toBuffer();
    const sent = await sharp(photo).metadata();
    expect(hasGps(sent.exif)).toBe(true);
    expect(sent.orientation).toBe(6);
    expect(sent.exif!.toString('latin1')).toContain('Anna Fotograf');

    const response = await upload(photo, 'semester.jpg');
    expect(response.status).toBe(201);
    await variantsMade(server.url, response.body.variants);
    for (const url of [response.body.url, ...response.body.variants.map((variant: { url: string }) => variant.url)]) {
      const served = Buffer.from(await (await fetch(server.url + url)).arrayBuffer());
      const meta = await sharp(served).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(served.toString('latin1')).not.toContain('Anna Fotograf');
      expect((meta.orientation ?? 1)).toBe(1);
      expect(meta.height! > meta.width!).toBe(true);
    }
  });

  it('strips a custom video\'s poster too', async () => {
    const poster = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#a52' } }).jpeg()
      .withExif({ IFD0: { Artist: 'Anna Fotograf' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 19/1 0/1' } }).toBuffer();
    const response = await postForm(server.url, '/api/admin/custom-videos', cookies, { video: [videoHeads.mp4(), 'v.mp4'], thumbnail: [poster, 'p.jpg'] },
      { title: 'Poster utan plats', description: 'Test', duration: '0:30' });
    expect(response.status).toBe(201);
    const served = Buffer.from(await (await fetch(server.url + response.body.thumbnailUrl)).arrayBuffer());
    expect((await sharp(served).metadata()).exif).toBeUndefined();
  });
});
