import { open, type FileHandle } from 'node:fs/promises';

/**
 * A video's length read from the file itself: the movie header (`mvhd`) of an MP4 / QuickTime file
 * (ISO base media format), found by walking the boxes without reading the media data.
 * Other formats answer null.
 */
export async function videoDurationSeconds(file: string): Promise<number | null> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const moov = await findBox(handle, 0, size, 'moov');
    if (!moov) return null;
    const mvhd = await findBox(handle, moov.start, moov.end, 'mvhd');
    if (!mvhd) return null;
    const body = await read(handle, mvhd.start, Math.min(32, mvhd.end - mvhd.start));
    if (body.length < 20) return null;
    const version = body[0];
    const timescale = version === 1 ? body.readUInt32BE(20) : body.readUInt32BE(12);
    const duration = version === 1 ? Number(body.readBigUInt64BE(24)) : body.readUInt32BE(16);
    return timescale > 0 ? duration / timescale : null;
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

async function read(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(Math.max(0, length));
  const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
  return buffer.subarray(0, bytesRead);
}

/** The body (after the header) of the first box of `type` between `from` and `to`. */
async function findBox(handle: FileHandle, from: number, to: number, type: string): Promise<{ start: number; end: number } | null> {
  let offset = from;
  // A damaged file cannot make this loop forever: every box moves the offset forward by at least 8 bytes.
  while (offset + 8 <= to) {
    const header = await read(handle, offset, 16);
    if (header.length < 8) return null;
    let size = header.readUInt32BE(0);
    let headerSize = 8;
    if (size === 1) {
      if (header.length < 16) return null;
      size = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0) {
      size = to - offset;
    }
    if (size < headerSize) return null;
    if (header.toString('latin1', 4, 8) === type) return { start: offset + headerSize, end: Math.min(to, offset + size) };
    offset += size;
  }
  return null;
}

/** Seconds as the custom videos' duration text: `5:30`, or `1:02:03` from an hour on. */
export function durationText(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** A title from a file name: without its extension, with separators as spaces. */
export function titleFromFileName(name: string): string {
  const title = name.replace(/\.[^.]+$/, '').replace(/[_]+/g, ' ').replace(/\s+/g, ' ').trim();
  return title || name;
}
