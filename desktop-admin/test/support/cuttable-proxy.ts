import net from 'node:net';

/**
 * A TCP relay in front of the real server, standing in for the network between a newsroom laptop and its
 * server: it counts the bytes sent up, can be slowed to a given rate, and can be cut (every connection
 * dropped and new ones refused) and restored on the same port, as a train entering and leaving a tunnel.
 */
export interface CuttableProxy {
  origin: string;
  /** Bytes received from clients so far. */
  readonly bytesUp: number;
  /** Drops the connection once this many more bytes have gone up. */
  cutAfter(bytes: number): void;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startCuttableProxy(target: string, options: { bytesPerSecond?: number } = {}): Promise<CuttableProxy> {
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set<net.Socket>();
  let bytesUp = 0;
  let cutAt = Infinity;
  let server: net.Server;

  const listen = (port: number) => new Promise<void>((resolve) => {
    server = net.createServer((client) => {
      const upstream = net.connect(Number(targetPort), hostname);
      sockets.add(client).add(upstream);
      const drop = () => { client.destroy(); upstream.destroy(); sockets.delete(client); sockets.delete(upstream); };
      client.on('data', (chunk: Buffer) => {
        bytesUp += chunk.length;
        upstream.write(chunk);
        if (bytesUp >= cutAt) {
          cutAt = Infinity;
          void proxy.cut();
          return;
        }
        if (options.bytesPerSecond) {
          client.pause();
          setTimeout(() => client.resume(), (chunk.length / options.bytesPerSecond) * 1000);
        }
      });
      upstream.on('data', (chunk) => client.write(chunk));
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    });
    server.listen(port, '127.0.0.1', () => resolve());
  });

  await listen(0);
  const port = (server!.address() as net.AddressInfo).port;
  const closeServer = () => new Promise<void>((resolve) => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    server.close(() => resolve());
  });

  const proxy: CuttableProxy = {
    origin: `http://127.0.0.1:${port}`,
    get bytesUp() { return bytesUp; },
    cutAfter(bytes) { cutAt = bytesUp + bytes; },
    cut: closeServer,
    restore: () => listen(port),
    close: () => (server.listening ? closeServer() : Promise.resolve()),
  };
  return proxy;
}

/** Waits until `check` holds (polled), or fails with `what` after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
