import net from 'node:net';

/**
 * A TCP forwarder in front of PostgreSQL that a test can cut (connections reset, new ones refused), pause (bytes held:
 * a database that hangs) and restore, to see what the API does while its database is away.
 */
export interface TcpProxy {
  url(databaseUrl: string): string;
  cut(): void;
  pause(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'open' | 'cut' | 'paused' = 'open';
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket; held: (() => void)[] }>();
  const server = net.createServer((client) => {
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    const upstream = net.connect(target);
    const pair = { client, upstream, held: [] as (() => void)[] };
    pairs.add(pair);
    const forward = (from: net.Socket, to: net.Socket) => from.on('data', (chunk) => {
      if (mode === 'paused') pair.held.push(() => to.write(chunk));
      else to.write(chunk);
    });
    forward(client, upstream);
    forward(upstream, client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  return {
    url(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    cut() {
      mode = 'cut';
      for (const pair of pairs) {
        pair.client.resetAndDestroy();
        pair.upstream.destroy();
      }
      pairs.clear();
    },
    pause() {
      mode = 'paused';
    },
    restore() {
      mode = 'open';
      for (const pair of pairs) pair.held.splice(0).forEach((write) => write());
    },
    async close() {
      mode = 'cut';
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
