import { Readable } from 'node:stream';
import busboy from 'busboy';
import CodecParser, { type CodecFrame } from 'codec-parser';
import { startStandIn } from './http-stand-in.js';

/** A part of audio the stand-in was sent: its form's fields, the file's name and size, and how long it plays. */
export interface ReceivedPart { fields: Record<string, string>; fileName: string; bytes: number; seconds: number }

/** A multipart form's fields and its one file. */
async function readForm(headers: Record<string, string | string[] | undefined>, raw: Buffer) {
  const fields: Record<string, string> = {};
  let file = { name: '', data: Buffer.alloc(0) };
  await new Promise<void>((resolve, reject) => {
    const parser = busboy({ headers: headers as Record<string, string> });
    parser.on('field', (name, value) => { fields[name] = value; });
    parser.on('file', (_name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => { file = { name: info.filename ?? '', data: Buffer.concat(chunks) }; });
    });
    parser.on('close', () => resolve());
    parser.on('error', reject);
    Readable.from([raw]).pipe(parser);
  });
  return { fields, file };
}

/**
 * OpenAI's POST /v1/audio/transcriptions as `verbose_json` answers it. Each part of audio sent is heard as two
 * segments that fill it (measured from its MP3 frames, as a speech service times what it hears), named by the part's
 * number; `failPart(n, times)` answers part n with a server error that many times first.
 */
export async function startTranscribeStandIn(apiKey: string) {
  const received: ReceivedPart[] = [];
  const failures = new Map<number, number>();

  const standIn = await startStandIn(async (request) => {
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return { status: 401, json: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } } };
    }
    if (request.method !== 'POST' || request.path !== '/v1/audio/transcriptions') return undefined;
    const { fields, file } = await readForm(request.headers, request.raw);
    const part = Number(/part-(\d+)\./.exec(file.name)?.[1] ?? 0);
    const failing = failures.get(part) ?? 0;
    if (failing > 0) {
      failures.set(part, failing - 1);
      return { status: 500, json: { error: { message: 'The server had an error while processing your request', type: 'server_error' } } };
    }
    const frames = new CodecParser<CodecFrame>('audio/mpeg', { enableLogging: false }).parseAll(new Uint8Array(file.data));
    const seconds = frames.reduce((sum, frame) => sum + frame.duration, 0) / 1000;
    received.push({ fields, fileName: file.name, bytes: file.data.length, seconds });
    const half = seconds / 2;
    return {
      json: {
        task: 'transcribe', language: fields.language === 'sv' ? 'swedish' : fields.language, duration: seconds,
        text: `Del ${part} börjar. Del ${part} slutar.`,
        segments: [
          { id: 0, seek: 0, start: 0, end: half, text: ` Del ${part} börjar.`, tokens: [], temperature: 0, avg_logprob: -0.2, compression_ratio: 1, no_speech_prob: 0 },
          { id: 1, seek: 0, start: half, end: seconds, text: ` Del ${part} slutar.`, tokens: [], temperature: 0, avg_logprob: -0.2, compression_ratio: 1, no_speech_prob: 0 },
        ],
      },
    };
  });
  return { ...standIn, received, failPart: (part: number, times: number) => { failures.set(part, times); } };
}
