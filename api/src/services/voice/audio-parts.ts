import CodecParser, { type CodecFrame } from 'codec-parser';
import { HttpError } from '../../errors.js';
import { ERROR_CODES } from '@redaktion/shared';

/** A stretch of an episode's audio small enough to be sent at once, and where in the episode it starts (seconds). */
export interface AudioPart { index: number; start: number; audio: Buffer }

/** Audio made of frames that each stand alone: cut between two frames, each part is a playable file of its own. */
const FRAMED_TYPES = { 'audio/mpeg': 'audio/mpeg', 'audio/mp3': 'audio/mpeg', 'audio/aac': 'audio/aac' } as const;

function* each<T>(frames: Iterator<T>): Generator<T> {
  for (let next = frames.next(); !next.done; next = frames.next()) yield next.value;
}

/**
 * The parts of an episode's audio, each at most `maxBytes`, as they are read. MP3 (and ADTS AAC) is cut at frame
 * boundaries found by codec-parser, which also counts the frames' durations: each part's `start` is the time of its
 * first frame, by which the times the speech service answers for the part are shifted into the episode's. Audio of
 * another kind goes whole, and only when it fits in one part.
 */
export async function* audioParts(audio: AsyncIterable<Buffer>, mimeType: string, maxBytes: number): AsyncGenerator<AudioPart> {
  const framed = FRAMED_TYPES[mimeType as keyof typeof FRAMED_TYPES];
  if (!framed) {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of audio) {
      size += chunk.length;
      if (size > maxBytes) {
        throw new HttpError(422, `Audio of type ${mimeType} is sent whole, and this file is larger than the ${maxBytes} bytes the speech service takes: upload the episode as MP3`, ERROR_CODES.unsupportedType);
      }
      chunks.push(chunk);
    }
    yield { index: 0, start: 0, audio: Buffer.concat(chunks) };
    return;
  }

  const parser = new CodecParser<CodecFrame>(framed, { enableLogging: false });
  let frames: Uint8Array[] = [];
  let size = 0;
  let start = 0;
  let index = 0;
  const cut = (): AudioPart => {
    const part = { index, start, audio: Buffer.concat(frames) };
    index += 1;
    frames = [];
    size = 0;
    return part;
  };
  function* add(frame: CodecFrame): Generator<AudioPart> {
    if (size > 0 && size + frame.data.length > maxBytes) yield cut();
    if (size === 0) start = frame.totalDuration / 1000;
    // A copy: the parser's frames may be views into buffers it goes on to reuse.
    frames.push(Uint8Array.from(frame.data));
    size += frame.data.length;
  }
  for await (const chunk of audio) {
    for (const frame of each(parser.parseChunk(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length)))) yield* add(frame);
  }
  for (const frame of each(parser.flush())) yield* add(frame);
  if (size > 0) yield cut();
  if (index === 0) throw new HttpError(422, 'No audio frames were found in the episode\'s file', ERROR_CODES.unsupportedType);
}
