import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeMp4 } from '../../test/support/videos.js';
import { durationText, titleFromFileName, videoDurationSeconds } from './video-duration.js';

describe('reading a video file', () => {
  it('finds the length in the movie header after the media data', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'redaktion-duration-'));
    const file = await writeMp4(path.join(dir, 'intervju.mp4'), 754.4, 300_000);
    expect(await videoDurationSeconds(file)).toBeCloseTo(754.4, 3);
    expect(durationText(754.4)).toBe('12:34');
  });

  it('answers null for a file that is not MP4 or is cut short', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'redaktion-duration-'));
    const webm = path.join(dir, 'clip.webm');
    await writeFile(webm, Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(500, 6)]));
    expect(await videoDurationSeconds(webm)).toBeNull();
    const cut = path.join(dir, 'cut.mp4');
    await writeFile(cut, Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(10)]));
    expect(await videoDurationSeconds(cut)).toBeNull();
  });

  it('writes durations and titles as the custom-video form does', () => {
    expect(durationText(59.6)).toBe('1:00');
    expect(durationText(3723)).toBe('1:02:03');
    expect(titleFromFileName('Intervju_med_Anna Lind.final.mp4')).toBe('Intervju med Anna Lind.final');
    expect(titleFromFileName('.mp4')).toBe('.mp4');
  });
});
