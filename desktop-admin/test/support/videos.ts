import { writeFile } from 'node:fs/promises';

const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};

/** A movie header of the given length (version 0: 90 kHz timescale, as cameras write it). */
function mvhd(seconds: number): Buffer {
  const body = Buffer.alloc(100);
  body.writeUInt32BE(90_000, 12);
  body.writeUInt32BE(Math.round(seconds * 90_000), 16);
  return box('mvhd', body);
}

/**
 * An MP4 file as a camera writes it, with `mediaBytes` of media data before the movie box (so the duration
 * is found only by walking past the data): ftyp, mdat, moov/mvhd.
 */
export function mp4(seconds: number, mediaBytes: number): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom'), Buffer.alloc(4), Buffer.from('isomiso2mp41'));
  const mdat = box('mdat', Buffer.alloc(mediaBytes, 0x5a));
  return Buffer.concat([ftyp, mdat, box('moov', mvhd(seconds))]);
}

export async function writeMp4(file: string, seconds: number, mediaBytes: number): Promise<string> {
  await writeFile(file, mp4(seconds, mediaBytes));
  return file;
}
