import CodecParser, { type CodecFrame, type MPEGHeader } from 'codec-parser';

/** MP3 audio: its bytes and how long it plays, in seconds. */
export interface Mp3 { audio: Buffer; seconds: number }

const TAGS = ['Xing', 'Info', 'VBRI'];

/**
 * Whether a frame is the header frame an encoder writes first (Xing or Info, after the side information; VBRI at a
 * fixed place): it holds counts for the file it began, which are wrong for any other, and plays as silence.
 */
function isHeaderFrame(frame: CodecFrame): boolean {
  const { mpegVersion, channels } = frame.header as MPEGHeader;
  const mono = channels === 1;
  const sideInformation = mpegVersion.startsWith('MPEG Version 1 ') ? (mono ? 17 : 32) : (mono ? 9 : 17);
  const tagAt = (offset: number) => Buffer.from(frame.data.subarray(offset, offset + 4)).toString('latin1');
  return TAGS.includes(tagAt(4 + sideInformation)) || tagAt(36) === 'VBRI';
}

/** The audio frames of an MP3 file: ID3 tags and the encoder's header frame left out. */
export function mp3Frames(file: Buffer): CodecFrame[] {
  const frames = new CodecParser<CodecFrame>('audio/mpeg').parseAll(file);
  return frames[0] && isHeaderFrame(frames[0]) ? frames.slice(1) : frames;
}

/** How long MP3 audio plays, counted from its frames (not estimated from its size). */
export const mp3Seconds = (frames: CodecFrame[]): number => frames.reduce((sum, frame) => sum + frame.duration, 0) / 1000;

/**
 * MP3 files joined into one, frame after frame, as MP3 allows: no decoding, no binary of a codec. The parts must share
 * their sample rate and channels (one voice of one service does), else the joined file would not play through.
 */
export function joinMp3(parts: Buffer[]): Mp3 {
  const frames = parts.map((part, index) => {
    const found = mp3Frames(part);
    if (!found.length) throw new Error(`Part ${index + 1} of the speech is not MP3 audio`);
    return found;
  });
  const format = (frame: CodecFrame) => `${frame.header.sampleRate}/${frame.header.channels}`;
  if (new Set(frames.map((found) => format(found[0]!))).size > 1) throw new Error('The parts of the speech differ in sample rate or channels');
  const all = frames.flat();
  return { audio: Buffer.concat(all.map((frame) => frame.data)), seconds: mp3Seconds(all) };
}
