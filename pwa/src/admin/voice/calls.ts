import { useEffect, useMemo, useRef } from 'react';
import type {
  EpisodeTranscript, PublishedTranscript, ReadAloud, ReadAloudVoice, TranscriptCue, TranscriptDraft, TranscriptionJob,
} from '@redaktion/shared';
import { useApi, usePlatform } from '../platform';

/**
 * The admin's calls for transcripts and read-aloud (contract §9 [voice], ADR 26). A transcript file goes through the
 * platform's upload (a multipart form, as every file does); the rest is JSON through the API client.
 */
export function useVoiceCalls() {
  const api = useApi();
  const { upload } = usePlatform();
  return useMemo(() => {
    const transcript = (id: number) => `/api/admin/podcasts/${id}/transcript`;
    const audio = (id: number) => `/api/admin/articles/${id}/audio`;
    // `confirm` is sent only when the editor ticked it: the server asks for it where it is needed.
    const confirmed = (confirm: boolean) => (confirm ? { confirm: true } : {});
    return {
      transcript: {
        get: (id: number) => api.request<EpisodeTranscript>('GET', transcript(id)),
        upload: (id: number, file: File) => upload<TranscriptDraft>(`${transcript(id)}/upload`, { file }),
        save: (id: number, version: number, cues: TranscriptCue[]) => api.request<TranscriptDraft>('PUT', `${transcript(id)}/draft`, { version, cues }),
        transcribe: (id: number, confirm: boolean) => api.request<TranscriptionJob>('POST', `${transcript(id)}/transcribe`, confirmed(confirm)),
        job: (jobId: string) => api.request<TranscriptionJob>('GET', `/api/admin/transcriptions/${encodeURIComponent(jobId)}`),
        publish: (id: number, version: number, reviewed: boolean) =>
          api.request<PublishedTranscript>('POST', `${transcript(id)}/publish`, reviewed ? { version, reviewed } : { version }),
        withdraw: (id: number) => api.request<void>('DELETE', `${transcript(id)}/published`),
      },
      readAloud: {
        get: (id: number) => api.request<ReadAloud>('GET', audio(id)),
        create: (id: number, confirm: boolean) => api.request<ReadAloud>('POST', audio(id), confirmed(confirm)),
        publish: (id: number) => api.request<ReadAloud>('POST', `${audio(id)}/publish`),
        withdraw: (id: number) => api.request<void>('DELETE', audio(id)),
      },
      voice: {
        get: () => api.request<ReadAloudVoice>('GET', '/api/admin/settings/read-aloud'),
        set: (voice: string | null) => api.request<ReadAloudVoice>('PUT', '/api/admin/settings/read-aloud', { voice }),
      },
    };
  }, [api, upload]);
}

/** How often a screen asks about speech work under way: parts take seconds each, so a second is soon enough. */
export const FOLLOW_STEP_MS = 1_000;

/**
 * Asks `check` again every step while `running`, until the screen closes or the work settles; a failed ask is
 * asked again at the next step (the work goes on on the server either way).
 */
export function useFollow(running: boolean, check: () => Promise<unknown>) {
  const latest = useRef(check);
  latest.current = check;
  useEffect(() => {
    if (!running) return undefined;
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const step = () => {
      timer = setTimeout(() => {
        void latest.current().catch(() => undefined).finally(() => { if (!stopped) step(); });
      }, FOLLOW_STEP_MS);
    };
    step();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [running]);
}
