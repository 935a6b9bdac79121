import { readFile } from 'node:fs/promises';
import CodecParser, { type CodecFrame } from 'codec-parser';
import { startStandIn } from './http-stand-in.js';

/** A demo episode's MP3 (espeak-ng speech, 22,050 Hz mono), whose frames the stand-in speaks with. */
const SOURCE = new URL('../../src/seed/assets/audio/morgonekot-intro.mp3', import.meta.url);

/** What one call of /v1/audio/speech asked, and the file it was answered with. */
export interface Spoken { model: string; voice: string; input: string; responseFormat: string; audio: Buffer }

/**
 * An OpenAI-compatible speech server (`POST /v1/audio/speech`) that answers real, playable MP3: an encoder's file as
 * it comes (its ID3 tag and Info header frame first), then one frame of the demo recording for every 20 characters
 * of the input, so a longer part plays longer and a joined file's length can be checked against its parts'.
 */
export async function startSpeechStandIn(apiKey: string) {
  const file = await readFile(SOURCE);
  const [info, ...frames] = new CodecParser<CodecFrame>('audio/mpeg').parseAll(file);
  const tag = file.subarray(0, file.indexOf(Buffer.from(info!.data)));
  if (!Buffer.from(info!.data).includes('Info') || !tag.subarray(0, 3).equals(Buffer.from('ID3'))) throw new Error('The demo MP3 no longer opens with an ID3 tag and an Info frame');
  const spoken: Spoken[] = [];

  const standIn = await startStandIn((request) => {
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return { status: 401, json: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } } };
    }
    if (request.method !== 'POST' || request.path !== '/v1/audio/speech') return undefined;
    const body = JSON.parse(request.body) as { model: string; voice: string; input: string; response_format?: string };
    const count = Math.min(frames.length, Math.max(1, Math.ceil(body.input.length / 20)));
    // Each part from its own place in the recording: the joined file is not one frame repeated.
    const start = (spoken.length * 7) % (frames.length - count + 1);
    const audio = Buffer.concat([tag, info!.data, ...frames.slice(start, start + count).map((frame) => frame.data)]);
    spoken.push({ model: body.model, voice: body.voice, input: body.input, responseFormat: body.response_format ?? 'mp3', audio });
    return { body: audio, type: 'audio/mpeg' };
  });
  return { ...standIn, spoken };
}
