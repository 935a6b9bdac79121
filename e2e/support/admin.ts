import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { TestServer } from '../../api/test/support/test-server.js';
import { DESKTOP, openPage } from './browser.js';

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

/**
 * One admin's page for a whole test file: the account made with the CLI and signed in before the tests, the page's
 * errors checked after each test, the page closed after all. `use` receives the page.
 */
export function adminPageFor(env: { server: TestServer; browser: Browser }, admin: { username: string; email: string; password: string }, use: (page: Page) => void): void {
  let opened: { page: Page; errors: string[] } | undefined;
  beforeAll(async () => {
    await createAdminWithCli(env.server, admin);
    opened = await openPage(await signedInContext(env.browser, env.server, admin));
    use(opened.page);
  });
  afterEach(() => {
    expect(opened?.errors).toEqual([]);
  });
  afterAll(async () => {
    await opened?.page.context().close();
  });
}

/**
 * Waits until the editor sees `locator` (or, 'detached', no longer sees it): for as long as the test may run, since
 * what matters is the state the editor waits for, not how fast a busy machine gets there.
 */
export const until = (locator: Locator, state: 'visible' | 'detached' = 'visible') => locator.first().waitFor({ state, timeout: 0 });
