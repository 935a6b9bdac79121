import { readFile } from 'node:fs/promises';
import http from 'node:http';

const MB = 1024 * 1024;

/** Resident memory of a process, from /proc (Linux). */
export async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/**
 * Streams a generated multipart audio upload of `size` bytes (never held whole here either) while
 * sampling the server's resident memory, and answers the peak growth and the throughput.
 */
export async function measureUpload(baseUrl: string, cookie: string, serverPid: number, size = 100 * MB - 64 * 1024) {
  const boundary = '----redaktion-bench';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const id3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(13)]);
  const chunk = Buffer.alloc(256 * 1024, 0x55);

  const baseline = await rssBytes(serverPid);
  let peak = baseline;
  const sampler = setInterval(() => { void rssBytes(serverPid).then((rss) => { peak = Math.max(peak, rss); }); }, 10);

  const started = process.hrtime.bigint();
  const status = await new Promise<number>((resolve, reject) => {
    const url = new URL('/api/upload', baseUrl);
    const request = http.request({
      host: url.hostname, port: url.port, path: url.pathname, method: 'POST',
      headers: {
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(head.length + size + tail.length),
        Cookie: cookie,
      },
    }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.write(head);
    request.write(id3);
    let remaining = size - id3.length;
    const pump = () => {
      while (remaining > 0) {
        const piece = remaining >= chunk.length ? chunk : chunk.subarray(0, remaining);
        remaining -= piece.length;
        if (!request.write(piece)) {
          request.once('drain', pump);
          return;
        }
      }
      request.end(tail);
    };
    pump();
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  peak = Math.max(peak, await rssBytes(serverPid));
  return { status, sizeMB: size / MB, seconds, throughputMBs: size / MB / seconds, rssGrowthMB: (peak - baseline) / MB, baselineMB: baseline / MB };
}
