import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ServerProfiles, serverOrigin } from './server-profiles.js';

describe('server profiles', () => {
  it('accepts https addresses, and plain http only on this computer', () => {
    expect(serverOrigin('redaktion.se')).toEqual({ origin: 'https://redaktion.se' });
    expect(serverOrigin(' https://redaktion.se/admin?x=1 ')).toEqual({ origin: 'https://redaktion.se' });
    expect(serverOrigin('http://localhost:3000')).toEqual({ origin: 'http://localhost:3000' });
    expect(serverOrigin('http://127.0.0.1:3114/')).toEqual({ origin: 'http://127.0.0.1:3114' });
    expect(serverOrigin('http://[::1]:3000')).toEqual({ origin: 'http://[::1]:3000' });
    for (const address of ['http://redaktion.se', 'http://localhost.evil.example', 'http://127.0.0.1.nip.io', 'ftp://redaktion.se', 'https://anna:pw@redaktion.se', '', 'https://']) {
      expect(serverOrigin(address), address).toHaveProperty('error');
    }
  });

  it('keeps several servers on disk, one of them active', async () => {
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'redaktion-profiles-')), 'profiles.json');
    const profiles = new ServerProfiles(file);
    const live = await profiles.add('https://redaktion.se', 'Redaktionen');
    const local = await profiles.add('http://localhost:3000');
    expect(await profiles.add('http://redaktion.se')).toEqual({ error: 'Use https (plain http only for a server on this computer)' });
    if ('error' in live || 'error' in local) throw new Error('not added');
    expect(await profiles.add('https://redaktion.se/')).toEqual(live);
    const reopened = new ServerProfiles(file);
    expect((await reopened.list()).profiles.map((profile) => profile.name)).toEqual(['Redaktionen', 'localhost:3000']);
    expect((await reopened.active())?.id).toBe(live.id);
    await reopened.select(local.id);
    await reopened.remove(local.id);
    expect((await new ServerProfiles(file).active())?.origin).toBe('https://redaktion.se');
  });
});
