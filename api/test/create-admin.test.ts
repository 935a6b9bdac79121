import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const run = promisify(execFile);
let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

/** The CLI as an operator runs it, against the test's database. */
const createAdmin = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'api/src/cli/create-admin.ts', ...args], {
  cwd: new URL('../..', import.meta.url).pathname,
  env: { ...process.env, DATA_DIR: server.database.dataDir, ...(server.database.url ? { DATABASE_URL: server.database.url } : {}), SESSION_SECRET: 'test-secret' },
});

describe('npm run create-admin', () => {
  it('creates an admin who is refused nowhere in /api/admin', async () => {
    const { stdout } = await createAdmin('--username', 'chefred', '--email', 'chefred@example.se', '--password', 'ett långt lösenord', '--role', 'super_admin');
    expect(stdout).toMatch(/Created super_admin chefred/);
    const client = new HttpClient(server.url);
    expect((await client.post('/api/login', { username: 'chefred', password: 'ett långt lösenord' })).status).toBe(200);
    for (const path of ['/api/admin/articles', '/api/admin/stats', '/api/admin/users', '/api/admin/approvals/pending', '/api/admin/categories']) {
      expect((await client.get(path)).status, path).toBe(200);
    }
  });

  it('promotes an existing account without touching its password, and refuses bad input', async () => {
    const reader = new HttpClient(server.url);
    await reader.post('/api/register', { username: 'blivande', email: 'blivande@example.se', password: 'första-lösenordet' });
    const { stdout } = await createAdmin('--username', 'blivande', '--email', 'blivande@example.se', '--password', 'annat-lösenord-1');
    expect(stdout).toMatch(/Promoted existing user blivande .* to admin; their password is unchanged/);
    expect((await reader.get('/api/admin/articles')).status).toBe(200);
    await expect(createAdmin('--username', 'x', '--email', 'nope', '--password', 'kort')).rejects.toMatchObject({ code: 2 });
    await expect(createAdmin('--username', 'valid_name', '--email', 'v@example.se', '--password', 'lösenord123', '--role', 'user')).rejects.toMatchObject({ code: 2 });
  });
});
