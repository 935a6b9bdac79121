import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import {
  ERROR_CODES, transcriptCuesSchema, type Episode, type EpisodeTranscript, type TranscriptCue, type TranscriptDraft,
} from '@redaktion/shared';
import { ApiError, apiPaths } from '@redaktion/shared/client';
import { useAdminQuery } from '../data';
import { useAdminT, type AdminKey } from '../i18n';
import { useApi } from '../platform';
import { QUERY_KEYS } from '../queries';
import { ConfirmDialog } from '../ui/Dialog';
import { failureText, useNotify } from '../ui/feedback';
import { Loading } from '../ui/QueryState';
import { SiteLink } from '../ui/SiteLink';
import { useFollow, useVoiceCalls } from '../voice/calls';
import { PartsProgress } from '../voice/PartsProgress';
import { SpeechConsent } from '../voice/SpeechConsent';
import { formatChapterStart, parseChapterStart } from './chapter-rows';

/** A cue as the editor types it: its times as the chapters are written (m:ss.fff), its words. */
interface CueRow { key: number; start: string; end: string; text: string }

/** The panel's own message for a time it cannot read: the API, which receives seconds, has none for it. */
const TIME_FORMAT_MESSAGE = 'Write the time as m:ss or h:mm:ss';

let lastKey = 0;
// Shown to the millisecond, as WebVTT writes times: a speech server's 17.554285714 is 0:17.554.
const timeOf = (seconds: number) => formatChapterStart(Math.round(seconds * 1000) / 1000);
const rowOf = (cue: TranscriptCue): CueRow => ({ key: ++lastKey, start: timeOf(cue.start), end: timeOf(cue.end), text: cue.text });

/** The rows as the cues the API takes, or else each wrong field's message under its path (`3.end`), as the API names it. */
function cuesOf(rows: CueRow[]): { cues: TranscriptCue[] } | { issues: Record<string, string> } {
  const issues: Record<string, string> = {};
  const cues = rows.map((row, index) => {
    const start = parseChapterStart(row.start);
    const end = parseChapterStart(row.end);
    if (start === null) issues[`${index}.start`] = TIME_FORMAT_MESSAGE;
    if (end === null) issues[`${index}.end`] = TIME_FORMAT_MESSAGE;
    return { start: start ?? 0, end: end ?? 0, text: row.text };
  });
  if (Object.keys(issues).length > 0) return { issues };
  const parsed = transcriptCuesSchema.safeParse(cues);
  if (parsed.success) return { cues: parsed.data };
  for (const issue of parsed.error.issues) issues[issue.path.join('.') || 'cues'] ??= issue.message;
  return { issues };
}

const isEditConflict = (error: unknown): error is ApiError => error instanceof ApiError && error.code === ERROR_CODES.editConflict;

/**
 * An episode's transcript in the episode dialog (contract §9 [voice], ADR 26): upload a .vtt or .srt, or transcribe the
 * audio with the speech server and follow the job; correct the cues; publish (a machine transcript only once the editor
 * has gone through all of it); withdraw the published one.
 */
export function TranscriptPanel({ episode }: { episode: Episode }) {
  const t = useAdminT();
  const notify = useNotify();
  const api = useApi();
  const calls = useVoiceCalls();
  const config = useAdminQuery(QUERY_KEYS.config, () => api.get(apiPaths.config));
  const [state, setState] = useState<EpisodeTranscript | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  // Each load from the server starts the editor afresh (a finished transcription, a conflict resolved).
  const [loads, setLoads] = useState(0);
  const [uploadIssues, setUploadIssues] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const headingId = useId();
  const id = episode.id;

  const load = useCallback(async () => {
    const next = await calls.transcript.get(id);
    setState(next);
    setLoads((count) => count + 1);
  }, [calls, id]);
  useEffect(() => {
    load().catch(() => setLoadFailed(true));
  }, [load]);

  const job = state?.job;
  const running = job?.status === 'queued' || job?.status === 'running';
  useFollow(running, async () => {
    const next = await calls.transcript.job(job!.id);
    if (next.status === 'done') {
      await load();
      notify.success(t('transcript.transcribed'));
    } else {
      setState((current) => current && { ...current, job: next });
    }
  });

  /** Runs one call with the panel busy; a failure is told with the server's reason. */
  const act = async (run: () => Promise<void>, failure: AdminKey) => {
    setBusy(true);
    try {
      await run();
    } catch (error) {
      notify.error(t(failure), failureText(error, t(failure), t));
    } finally {
      setBusy(false);
    }
  };

  const uploadFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    setUploadIssues([]);
    setBusy(true);
    try {
      await calls.transcript.upload(id, file);
      await load();
      notify.success(t('transcript.uploaded'));
    } catch (error) {
      // A malformed file names each problem's line (issue `line N`, its message opening "Line N: "), said in the screen's words.
      const issues = error instanceof ApiError ? error.issues.map((issue) => {
        const line = /^line (\d+)$/.exec(issue.path)?.[1];
        const message = t.message(line ? issue.message.replace(/^Line \d+: /, '') : issue.message);
        return line ? t('transcript.lineIssue', { line, message }) : message;
      }) : [];
      setUploadIssues(issues.length > 0 ? issues : [failureText(error, t('transcript.uploadFailed'), t)]);
    } finally {
      setBusy(false);
      input.value = '';
    }
  };

  if (loadFailed) return <p className="admin-card" role="alert">{t('transcript.loadFailed')}</p>;
  if (!state) return <Loading />;

  const configured = config.data?.integrations.aiAudio !== false;
  const published = state.published;

  return (
    <section className="admin-section voice-panel" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('transcript.heading')}</h3>
      <p className="admin-subtitle">{t('transcript.intro')}</p>

      {published ? (
        <div className="admin-card voice-status">
          <p>
            {t('transcript.published', { date: t.date(published.publishedAt, { dateStyle: 'medium', timeStyle: 'short' }), n: published.cues.length })}
            {' '}<SiteLink path={published.url}>{t('transcript.openVtt')}</SiteLink>
          </p>
          <button type="button" className="button button-small button-danger" disabled={busy} onClick={() => setWithdrawing(true)}>
            {t('transcript.withdraw')}
          </button>
        </div>
      ) : <p className="field-hint">{t('transcript.notPublished')}</p>}

      <div className="voice-actions">
        <div className="field">
          <label htmlFor={`${headingId}-file`}>{t('transcript.upload')}</label>
          <input id={`${headingId}-file`} type="file" accept=".vtt,.srt,text/vtt" disabled={busy || running}
            aria-describedby={`${headingId}-file-hint`} onChange={(event) => void uploadFile(event)} />
          <p className="field-hint" id={`${headingId}-file-hint`}>{t('transcript.uploadHint')}</p>
          {uploadIssues.length > 0 && (
            <div role="alert" className="field-error">
              <p>{t('transcript.uploadFailed')}</p>
              <ul>{uploadIssues.map((issue) => <li key={issue}>{issue}</li>)}</ul>
            </div>
          )}
        </div>
        <Transcribe episode={episode} configured={configured} disabled={busy || running}
          onStarted={(started) => setState((current) => current && { ...current, job: started })} />
      </div>

      {job && <TranscriptionProgress job={job} />}

      {state.draft && (
        <DraftEditor key={loads} episodeId={id} draft={state.draft}
          onSaved={(draft) => setState((current) => current && { ...current, draft })}
          onPublished={(next) => setState((current) => current && { ...current, published: next })}
          onReload={() => void load()} />
      )}

      <ConfirmDialog open={withdrawing} busy={busy} message={t('transcript.withdrawConfirm')} confirmLabel={t('transcript.withdraw')}
        onClose={() => setWithdrawing(false)}
        onConfirm={() => void act(async () => {
          await calls.transcript.withdraw(id);
          setState((current) => current && { ...current, published: null });
          setWithdrawing(false);
          notify.success(t('transcript.withdrawn'));
        }, 'transcript.withdrawFailed')} />
    </section>
  );
}

/** Transcribe: sent only with the editor's word when the episode is unpublished or premium; off without a speech server. */
function Transcribe({ episode, configured, disabled, onStarted }: {
  episode: Episode; configured: boolean; disabled: boolean; onStarted(job: NonNullable<EpisodeTranscript['job']>): void;
}) {
  const t = useAdminT();
  const notify = useNotify();
  const calls = useVoiceCalls();
  const [confirmed, setConfirmed] = useState(false);
  // The server judges "published now" (a future date counts as unpublished); a refusal on `confirm` asks for it too.
  const [asked, setAsked] = useState(episode.status !== 'published' || episode.premium);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    try {
      onStarted(await calls.transcript.transcribe(episode.id, confirmed));
    } catch (error) {
      if (error instanceof ApiError && error.issues.some((issue) => issue.path === 'confirm')) setAsked(true);
      else notify.error(t('transcript.transcribeFailed'), failureText(error, t('transcript.transcribeFailed'), t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="voice-transcribe">
      {configured ? (
        asked && <SpeechConsent checked={confirmed} onChange={setConfirmed} label={t('transcript.consent')} />
      ) : <p className="field-hint">{t('voice.notConfigured')}</p>}
      <button type="button" className="button button-small" disabled={!configured || disabled || busy || (asked && !confirmed)}
        onClick={() => void start()}>{t('transcript.transcribe')}</button>
    </div>
  );
}

/**
 * The latest transcription: parts done of the total (all of them once done) and, while it runs, the last failed try
 * (the part is tried again); or why it failed.
 */
function TranscriptionProgress({ job }: { job: NonNullable<EpisodeTranscript['job']> }) {
  const t = useAdminT();
  if (job.status === 'failed') return <p className="field-error" role="alert">{t('transcript.jobFailed', { error: job.error ?? '' })}</p>;
  return (
    <PartsProgress label={t('transcript.progress')} done={job.partsDone} total={job.partsTotal}
      note={job.status !== 'done' && job.error ? t('transcript.retrying', { error: job.error }) : undefined} />
  );
}

/**
 * The cue editor and publishing. A machine draft is published only once the editor has been through the whole list:
 * the "I have read it" box opens when the list was scrolled to its end (or fits without scrolling), and only then is
 * `reviewed: true` sent. The version published is the one shown; edits are saved first.
 */
function DraftEditor({ episodeId, draft, onSaved, onPublished, onReload }: {
  episodeId: number; draft: TranscriptDraft; onSaved(draft: TranscriptDraft): void;
  onPublished(published: NonNullable<EpisodeTranscript['published']>): void; onReload(): void;
}) {
  const t = useAdminT();
  const notify = useNotify();
  const calls = useVoiceCalls();
  const [rows, setRows] = useState(() => draft.cues.map(rowOf));
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [seenAll, setSeenAll] = useState(false);
  const [read, setRead] = useState(false);
  const [busy, setBusy] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const machine = draft.source === 'machine';

  const checkSeen = () => {
    const element = list.current;
    if (element && element.scrollTop + element.clientHeight >= element.scrollHeight - 2) setSeenAll(true);
  };
  // A list short enough to show whole has been seen as soon as it is shown.
  useLayoutEffect(checkSeen, []);

  const edit = (index: number, change: Partial<CueRow>) => {
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...change } : row)));
    setDirty(true);
    setIssues({});
  };
  const remove = (index: number) => {
    setRows((current) => current.filter((_, at) => at !== index));
    setDirty(true);
    setIssues({});
  };
  const add = () => {
    setRows((current) => {
      const last = parseChapterStart(current.at(-1)?.end ?? '') ?? 0;
      return [...current, { key: ++lastKey, start: timeOf(last), end: timeOf(last + 2), text: '' }];
    });
    setDirty(true);
  };

  const failed = (error: unknown, failure: AdminKey) => {
    if (isEditConflict(error)) setConflict(true);
    else notify.error(t(failure), failureText(error, t(failure), t));
  };

  const save = async () => {
    const result = cuesOf(rows);
    if ('issues' in result) {
      setIssues(result.issues);
      return;
    }
    setBusy(true);
    try {
      onSaved(await calls.transcript.save(episodeId, draft.version, result.cues));
      setDirty(false);
      notify.success(t('transcript.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) setIssues(Object.fromEntries(error.issues.map((issue) => [issue.path.replace(/^cues\./, ''), issue.message])));
      failed(error, 'transcript.saveFailed');
    } finally {
      setBusy(false);
    }
  };

  const publish = async () => {
    setBusy(true);
    try {
      onPublished(await calls.transcript.publish(episodeId, draft.version, machine && read));
      notify.success(t('transcript.publishedNow'));
    } catch (error) {
      failed(error, 'transcript.publishFailed');
    } finally {
      setBusy(false);
    }
  };

  const issueOf = (index: number, field: 'start' | 'end' | 'text') => issues[`${index}.${field}`];
  const listIssue = issues.cues ?? issues[''];

  return (
    <div className="transcript-draft">
      <h4>{t(machine ? 'transcript.draftMachine' : 'transcript.draftUpload', { n: draft.cues.length })}</h4>
      {conflict && (
        <div className="admin-notice" role="alert">
          <p>{t('transcript.conflict')}</p>
          <button type="button" className="button button-small" onClick={onReload}>{t('transcript.loadCurrent')}</button>
        </div>
      )}
      <div ref={list} className="transcript-cues" role="region" aria-label={t('transcript.cues')} tabIndex={0} onScroll={checkSeen}>
        <ol>
          {rows.map((row, index) => {
            const n = index + 1;
            return (
              <li key={row.key} className="transcript-cue">
                <CueInput id={`${baseId}-${row.key}-start`} label={t('transcript.start', { n })} value={row.start}
                  error={issueOf(index, 'start')} onChange={(start) => edit(index, { start })} />
                <CueInput id={`${baseId}-${row.key}-end`} label={t('transcript.end', { n })} value={row.end}
                  error={issueOf(index, 'end')} onChange={(end) => edit(index, { end })} />
                <CueInput id={`${baseId}-${row.key}-text`} label={t('transcript.text', { n })} value={row.text} wide
                  error={issueOf(index, 'text')} onChange={(text) => edit(index, { text })} />
                <button type="button" className="button button-small button-ghost" onClick={() => remove(index)}
                  aria-label={t('transcript.removeCue', { n })}>{t('common.delete')}</button>
              </li>
            );
          })}
        </ol>
      </div>
      {listIssue && <p className="field-error" role="alert">{t.message(listIssue)}</p>}
      <div className="voice-actions">
        <button type="button" className="button button-small button-ghost" onClick={add} disabled={busy}>{t('transcript.addCue')}</button>
        <button type="button" className="button button-small" onClick={() => void save()} disabled={busy || !dirty}>{t('transcript.save')}</button>
      </div>

      <div className="voice-publish">
        {machine && (
          <label className="voice-check">
            <input type="checkbox" checked={read} disabled={!seenAll} onChange={(event) => setRead(event.target.checked)}
              aria-describedby={`${baseId}-read-hint`} />
            {t('transcript.reviewed')}
          </label>
        )}
        {machine && <p className="field-hint" id={`${baseId}-read-hint`}>{t(seenAll ? 'transcript.reviewedHint' : 'transcript.scrollFirst')}</p>}
        {dirty && <p className="field-hint">{t('transcript.saveFirst')}</p>}
        <button type="button" className="button button-small" onClick={() => void publish()}
          disabled={busy || dirty || conflict || (machine && !read)}>{t('transcript.publish')}</button>
      </div>
    </div>
  );
}

function CueInput({ id, label, value, error, wide = false, onChange }: {
  id: string; label: string; value: string; error?: string; wide?: boolean; onChange(value: string): void;
}) {
  const t = useAdminT();
  return (
    <div className={`field transcript-cue-field${wide ? ' transcript-cue-text' : ''}`}>
      <label htmlFor={id} className="visually-hidden">{label}</label>
      {wide ? (
        <textarea id={id} rows={2} value={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input id={id} type="text" inputMode="decimal" value={value} aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined} onChange={(event) => onChange(event.target.value)} />
      )}
      {error && <p className="field-error" id={`${id}-error`}>{t.message(error)}</p>}
    </div>
  );
}
