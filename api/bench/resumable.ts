import http from 'node:http';
import { rssBytes } from './upload.js';

const MB = 1024 * 1024;

interface Sent {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One tus request; with `cutAfter`, the connection is dropped once that many body bytes are out, as in a tunnel. */
function tusRequest(baseUrl: string, token: string, method: string, path: string, headers: Record<string, string>, body?: Buffer, cutAfter?: number): Promise<Sent | null> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, baseUrl);
    const request = http.request({
      host: url.hostname, port: url.port, path: url.pathname, method,
      headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}`, ...(body ? { 'Content-Length': String(body.length) } : {}), ...headers },
    }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (piece: string) => { text += piece; });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    if (cutAfter !== undefined) {
      request.on('error', () => resolve(null));
      request.write(body!.subarray(0, cutAfter), () => setTimeout(() => {
        request.destroy();
        resolve(null);
      }, 50));
      return;
    }
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Sends a generated video of `size` bytes through /api/admin/uploads in `chunkSize` PATCHes, drops the
 * connection halfway through one chunk at 50%, asks HEAD where to go on and resumes from there. Answers the
 * throughput over the whole upload, the bytes sent more than once, and the server's peak memory growth.
 * The file is never held whole here either: one chunk buffer is refilled.
 */
export async function measureResumableUpload(baseUrl: string, token: string, serverPid: number, size = 1024 * MB, chunkSize = 8 * MB) {
  const chunk = Buffer.alloc(chunkSize, 0x42);
  const mp4Head = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom')]);
  const fill = (offset: number, length: number) => {
    const piece = chunk.subarray(0, length);
    piece.fill(0x42);
    if (offset === 0) mp4Head.copy(piece);
    return piece;
  };
  const metadata = `filename ${Buffer.from('bench.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`;

  const baseline = await rssBytes(serverPid);
  let peak = baseline;
  const sampler = setInterval(() => { void rssBytes(serverPid).then((rss) => { peak = Math.max(peak, rss); }, () => undefined); }, 20);
  const started = process.hrtime.bigint();

  const created = await tusRequest(baseUrl, token, 'POST', '/api/admin/uploads', { 'Upload-Length': String(size), 'Upload-Metadata': metadata });
  if (created?.status !== 201) throw new Error(`creation answered ${created?.status}: ${created?.body}`);
  const location = String(created.headers.location);

  let offset = 0;
  let bytesSent = 0;
  let cut = false;
  let final: Sent | null = null;
  while (offset < size) {
    // The chunk boundary is fixed by the file, not by where a cut left the server: resume fills the rest of it.
    const chunkStart = Math.floor(offset / chunkSize) * chunkSize;
    const piece = fill(chunkStart, Math.min(chunkSize, size - chunkStart)).subarray(offset - chunkStart);
    const headers = { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' };
    if (!cut && offset >= size / 2) {
      cut = true;
      bytesSent += Math.floor(piece.length / 2);
      await tusRequest(baseUrl, token, 'PATCH', location, headers, piece, Math.floor(piece.length / 2));
      const head = await tusRequest(baseUrl, token, 'HEAD', location, {});
      offset = Number(head?.headers['upload-offset']);
      continue;
    }
    const answer = await tusRequest(baseUrl, token, 'PATCH', location, headers, piece);
    bytesSent += piece.length;
    if (answer?.status === 200) final = answer;
    else if (answer?.status !== 204) throw new Error(`PATCH at ${offset} answered ${answer?.status}: ${answer?.body}`);
    offset = Number(answer.headers['upload-offset'] ?? size);
  }

  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  peak = Math.max(peak, await rssBytes(serverPid));
  return {
    answer: final ? JSON.parse(final.body) as { url: string; kind: string } : null,
    sizeMB: size / MB,
    chunkMB: chunkSize / MB,
    seconds,
    throughputMBs: size / MB / seconds,
    sentTwiceMB: (bytesSent - size) / MB,
    rssGrowthMB: (peak - baseline) / MB,
    baselineMB: baseline / MB,
  };
}
