import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startSwift, type RunningSwift } from './swift.js';

/**
 * One Swift for the whole test run, started only when a test file first asks for it (sharedSwift()): runs that need
 * no object store pay nothing, and those that do share one ~15 s start. Test files run in other processes, so they ask
 * through a small loopback endpoint; Swift's processes are children of this one and stop with the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let swift: Promise<RunningSwift> | null = null;
  const server = http.createServer((_request, response) => {
    swift ??= startSwift();
    swift.then(
      ({ endpoint, region, accessKeyId, secretAccessKey }) => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ endpoint, region, accessKeyId, secretAccessKey }));
      },
      (error: unknown) => {
        response.statusCode = 500;
        response.end(error instanceof Error ? error.message : String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide('swiftStarter', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return async () => {
    server.close();
    const running = await swift?.catch(() => null);
    await running?.stop();
  };
}
