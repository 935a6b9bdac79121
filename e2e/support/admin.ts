import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContext } from 'playwright-core';
import type { TestServer } from '../../api/test/support/test-server.js';
import { DESKTOP } from './browser.js';

const run = promisify(execFile);

/** Creates a staff account the way a newsroom does: `npm run create-admin` against the server's database. */
export async function createAdminWithCli(server: TestServer, account: { username: string; email: string; password: string; role?: 'admin' | 'super_admin' }) {
  await run(process.execPath, [
    '--import', 'tsx', 'api/src/cli/create-admin.ts',
    '--username', account.username, '--email', account.email, '--password', account.password, '--role', account.role ?? 'admin',
  ], {
    env: {
      ...process.env,
      DATA_DIR: server.database.dataDir,
      ...(server.database.url ? { DATABASE_URL: server.database.url } : {}),
      SEED_DEMO: '0',
    },
  });
}

/** A desktop browser context signed in as that account (through the real login call, so the cookie is the server's). */
export async function signedInContext(browser: Browser, server: TestServer, login: { username: string; password: string }, locale = 'en-GB'): Promise<BrowserContext> {
  const context = await browser.newContext({ ...DESKTOP, locale, baseURL: server.url });
  const response = await context.request.post(`${server.url}/api/login`, { data: login });
  if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
  return context;
}
