import http from 'node:http';

/**
 * The readers of `npm run bench:live`, in a process of their own so that the figures are not the poster's: READERS
 * event streams opened on STREAM_URL (paced, as a crowd arrives), each counting the entries it receives and when.
 * Asked by the bench (IPC), it answers how many streams are open, then each entry's arrival times and what dropped.
 */
const url = new URL(process.env.STREAM_URL!);
const readers = Number(process.env.READERS);
/** Streams opened per 100 ms: the server's listen backlog (511) must not overflow into SYN retries. */
const OPEN_PER_TICK = 200;

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
/** Streams answered 200, by the process that served them (X-Served-By behind haproxy, else "api"). */
const servedBy = new Map<string, number>();
let open = 0;
let dropped = 0;
let refused = 0;
let closing = false;
/** Entry id → process that served the stream → the wall-clock arrival time (ms since the epoch, as the bench's) at each reader. */
const arrivalsByServer = new Map<number, Map<string, number[]>>();

const now = () => performance.timeOrigin + performance.now();
const ENTRY = /(?:^|\n)event: entry\n(?:id: \d+\n)?data: \{"id":(\d+)/g;

function record(id: number, server: string): void {
  const at = now();
  let perServer = arrivalsByServer.get(id);
  if (!perServer) arrivalsByServer.set(id, (perServer = new Map()));
  let serverTimes = perServer.get(server);
  if (!serverTimes) perServer.set(server, (serverTimes = []));
  serverTimes.push(at);
}

function openStream(): void {
  const request = http.get({ host: url.hostname, port: url.port, path: url.pathname, agent, headers: { Accept: 'text/event-stream', 'Accept-Encoding': 'gzip' } }, (response) => {
    if (response.statusCode !== 200) {
      refused += 1;
      response.resume();
      return;
    }
    const server = String(response.headers['x-served-by'] ?? 'api');
    servedBy.set(server, (servedBy.get(server) ?? 0) + 1);
    open += 1;
    response.setEncoding('utf8');
    // An event may arrive split over two reads: what follows the last blank line waits for the rest.
    let pending = '';
    response.on('data', (chunk: string) => {
      const text = pending + chunk;
      const end = text.lastIndexOf('\n\n');
      if (end < 0) {
        pending = text;
        return;
      }
      pending = text.slice(end + 2);
      for (const match of text.slice(0, end).matchAll(ENTRY)) record(Number(match[1]), server);
    });
    response.on('close', () => {
      open -= 1;
      if (!closing) dropped += 1;
    });
  });
  request.on('error', () => {
    if (!closing) refused += 1;
  });
}

let started = 0;
const opener = setInterval(() => {
  for (let i = 0; i < OPEN_PER_TICK && started < readers; i += 1, started += 1) openStream();
  if (started >= readers) clearInterval(opener);
}, 100);

process.on('message', (message: { ask: 'status' | 'results' }) => {
  if (message.ask === 'status') {
    process.send!({ open, dropped, refused, servedBy: Object.fromEntries(servedBy) });
  } else {
    closing = true;
    const perServer = Object.fromEntries([...arrivalsByServer].map(([id, byServer]) => [id, Object.fromEntries(byServer)]));
    process.send!({ open, dropped, refused, servedBy: Object.fromEntries(servedBy), arrivals: perServer }, () => process.exit(0));
  }
});
