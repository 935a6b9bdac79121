import http from 'node:http';
import sharp from 'sharp';

export const MB = 1024 * 1024;

/** A real image of the given format and size, drawn by sharp. */
export const image = (format: 'png' | 'jpeg' | 'webp', width = 2000, height = 1000) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 80, b: 160 } } }).toFormat(format).toBuffer();

/**
 * Waits until the background job has made an upload's variants: until then a variant's URL answers with the original,
 * not cached for good (or redirects to the original's object).
 */
export async function variantsMade(baseUrl: string, variants: { url: string }[], ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  const made = async (url: string) => {
    const response = await fetch(baseUrl + url, { method: 'HEAD', redirect: 'manual' });
    return response.status === 200
      ? Boolean(response.headers.get('cache-control')?.includes('immutable'))
      : Boolean(response.headers.get('location')?.includes(url.split('/').at(-1)!));
  };
  for (const { url } of variants) {
    while (!(await made(url))) {
      if (Date.now() > deadline) throw new Error(`The variant ${url} was not made within ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Minimal files whose first bytes say what they are. */
export const audioHeads = {
  wav: () => Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(2000, 1)]),
  ogg: () => Buffer.concat([Buffer.from('OggS'), Buffer.alloc(2000, 2)]),
  m4a: () => Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypM4A '), Buffer.alloc(2000, 3)]),
  mp3: () => Buffer.concat([Buffer.from('ID3'), Buffer.alloc(2000, 4)]),
};

export const videoHeads = {
  mp4: () => Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(4000, 5)]),
  webm: () => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(4000, 6)]),
  mov: () => Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  '), Buffer.alloc(4000, 7)]),
  avi: () => Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('AVI LIST'), Buffer.alloc(4000, 8)]),
};

/** Posts multipart form data with fetch: `files` maps field names to [bytes, file name]. */
export async function postForm(
  baseUrl: string, path: string, cookies: string, files: Record<string, [Buffer | Uint8Array, string]>, fields: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, [bytes, filename]] of Object.entries(files)) form.append(name, new Blob([bytes as Uint8Array<ArrayBuffer>]), filename);
  const response = await fetch(baseUrl + path, { method: 'POST', body: form, headers: { ...(cookies ? { Cookie: cookies } : {}), ...headers } });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * Starts a multipart upload that declares `declared` bytes, sends `sent` of them and then drops the
 * connection, as a browser does when its tab closes mid-upload; `meanwhile` runs before the drop.
 */
export function abortedUpload(
  baseUrl: string, path: string, cookies: string, head: Buffer, declared: number, sent: number, meanwhile: () => Promise<void> = async () => undefined,
): Promise<void> {
  const boundary = '----redaktion-test-boundary';
  const preamble = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`);
  return new Promise((resolve) => {
    const url = new URL(baseUrl + path);
    const request = http.request({
      host: url.hostname, port: url.port, path: url.pathname, method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(declared), Cookie: cookies },
    });
    request.on('error', () => resolve());
    request.write(preamble);
    request.write(head);
    let remaining = sent - head.length;
    const chunk = Buffer.alloc(64 * 1024, 9);
    const pump = () => {
      while (remaining > 0) {
        remaining -= chunk.length;
        if (!request.write(chunk)) {
          request.once('drain', pump);
          return;
        }
      }
      setTimeout(() => void meanwhile().finally(() => {
        request.destroy();
        resolve();
      }), 100);
    };
    pump();
  });
}
