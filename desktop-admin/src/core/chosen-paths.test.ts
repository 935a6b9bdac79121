import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ChosenPaths } from './chosen-paths.js';
import { createDesktopService } from './desktop-service.js';

const folders: string[] = [];
afterAll(async () => { await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))); });

describe('the paths the user chose', () => {
  it('are the last drop, each taken once, and nothing else', () => {
    const chosen = new ChosenPaths();
    expect(() => chosen.take(['/home/anna/Videos/intervju.mp4'])).toThrow('Refused: /home/anna/Videos/intervju.mp4 was not dropped on the app');
    chosen.dropped(['/home/anna/Videos/intervju.mp4', '/home/anna/Videos/Valvakan']);
    // One path the user did not drop refuses the whole request, and uses up none of it.
    expect(() => chosen.take(['/home/anna/Videos/intervju.mp4', '/home/anna'])).toThrow('Refused: /home/anna was not dropped on the app');
    expect(chosen.take(['/home/anna/Videos/intervju.mp4'])).toEqual(['/home/anna/Videos/intervju.mp4']);
    expect(() => chosen.take(['/home/anna/Videos/intervju.mp4'])).toThrow(/was not dropped/);
    // A later drop replaces what was left of the earlier one.
    chosen.dropped(['/media/usb/hamnen.mp4']);
    expect(() => chosen.take(['/home/anna/Videos/Valvakan'])).toThrow(/was not dropped/);
    expect(chosen.take(['/media/usb/hamnen.mp4'])).toEqual(['/media/usb/hamnen.mp4']);
  });

  it('take no malformed report as a drop', () => {
    const chosen = new ChosenPaths();
    chosen.dropped(['/v/a.mp4']);
    for (const report of ['/v/a.mp4', [42], [''], null, { paths: ['/v/a.mp4'] }]) {
      chosen.dropped(report);
      expect(() => chosen.take(['/v/a.mp4']), JSON.stringify(report)).toThrow(/was not dropped/);
    }
  });

  it('are the only ones the uploads:add message may queue', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'redaktion-chosen-'));
    folders.push(dataDir);
    const service = await createDesktopService({
      dataDir,
      safeStorage: { isEncryptionAvailable: () => false, encryptString: () => Buffer.alloc(0), decryptString: () => '' },
      deviceName: 'Redaktion desktop (test)',
      openExternal: async () => undefined,
      pickVideos: async () => [],
    });
    try {
      await expect(service.handle('uploads:add', { paths: ['/etc'] })).rejects.toThrow('Refused: /etc was not dropped on the app');
      service.dropped(['/home/anna/Videos']);
      // Past the check: the queue itself answers (no server is signed in here).
      await expect(service.handle('uploads:add', { paths: ['/home/anna/Videos'] })).rejects.toThrow('Sign in to a server before uploading');
    } finally {
      await service.stop();
    }
  });
});
