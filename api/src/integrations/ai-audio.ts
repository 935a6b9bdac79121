import type { Config } from '../config.js';
import { openAiCaller } from './openai-client.js';
import { providerError } from './provider.js';

/** A timed stretch of speech as `verbose_json` answers it (seconds from the start of the file sent). */
export interface SpokenSegment { start: number; end: number; text: string }

/**
 * Speech work through the official openai package (contract §9 [voice]): `/v1/audio/transcriptions` and
 * `/v1/audio/speech` on `AI_AUDIO_BASE_URL` (any OpenAI-compatible server: whisper.cpp, speaches), else the text
 * integration's server. Callers decide what may be sent: nothing unpublished or premium without an editor's word.
 */
export function createAiAudio(config: Config) {
  const settings = config.aiAudio;
  const { assertConfigured, call } = openAiCaller('Speech (AI_AUDIO_BASE_URL)', settings);

  return {
    /** Throws the 503 of an unconfigured integration, so that no job is queued that can only fail. */
    assertConfigured,

    /** The timed segments of one file of speech (a part of an episode at most `maxUploadBytes`). */
    async transcribe(audio: Buffer, fileName: string, language = 'sv'): Promise<SpokenSegment[]> {
      const answer = await call(async (api, Sdk) => api.audio.transcriptions.create({
        file: await Sdk.toFile(audio, fileName), model: settings.transcribeModel, language, response_format: 'verbose_json',
      }));
      const segments = (answer as { segments?: { start: number; end: number; text: string }[] }).segments;
      if (!Array.isArray(segments)) throw providerError('AI provider', 'the transcription came back without timed segments');
      return segments.map(({ start, end, text }) => ({ start, end, text: text.trim() })).filter((segment) => segment.text);
    },

    /** One part of a text, spoken in `voice` (else AI_SPEECH_VOICE), as MP3. */
    async speak(text: string, voice: string | null): Promise<Buffer> {
      const response = await call((api) => api.audio.speech.create({
        model: settings.speechModel, voice: voice ?? settings.speechVoice, input: text, response_format: 'mp3',
      }));
      return Buffer.from(await response.arrayBuffer());
    },
  };
}

export type AiAudio = ReturnType<typeof createAiAudio>;
