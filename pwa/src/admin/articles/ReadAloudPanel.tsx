import { useCallback, useEffect, useId, useState } from 'react';
import type { Article, ReadAloud } from '@redaktion/shared';
import { ApiError, apiPaths } from '@redaktion/shared/client';
import { useAdminQuery } from '../data';
import { useAdminT, type AdminKey } from '../i18n';
import { useApi, usePlatform } from '../platform';
import { QUERY_KEYS, useChanged } from '../queries';
import { failureText, useNotify } from '../ui/feedback';
import { Loading } from '../ui/QueryState';
import { useFollow, useVoiceCalls } from '../voice/calls';
import { PartsProgress } from '../voice/PartsProgress';
import { SpeechConsent } from '../voice/SpeechConsent';

/**
 * An article's read-aloud in the article editor (contract §9 [voice], ADR 26): make the audio with the speech server
 * (with the editor's word for an unpublished or premium article), follow it, listen to the draft, publish or withdraw.
 * The stored article decides what needs the word; the server judges it again.
 */
export function ReadAloudPanel({ article }: { article: Article }) {
  const t = useAdminT();
  const notify = useNotify();
  const api = useApi();
  const calls = useVoiceCalls();
  const changed = useChanged();
  const { siteUrl } = usePlatform();
  const config = useAdminQuery(QUERY_KEYS.config, () => api.get(apiPaths.config));
  const [state, setState] = useState<ReadAloud | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [asked, setAsked] = useState(article.status !== 'published' || article.premium);
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const id = article.id;

  const load = useCallback(async () => setState(await calls.readAloud.get(id)), [calls, id]);
  useEffect(() => {
    load().catch(() => setLoadFailed(true));
  }, [load]);

  const running = state?.status === 'queued' || state?.status === 'running';
  useFollow(running, load);

  /** One call with the panel busy; a published or withdrawn audio changes what readers get. */
  const act = async (run: () => Promise<ReadAloud | null>, failure: AdminKey, success?: AdminKey) => {
    setBusy(true);
    try {
      const next = await run();
      setState(next ?? await calls.readAloud.get(id));
      if (success) {
        notify.success(t(success));
        changed('article');
      }
    } catch (error) {
      if (error instanceof ApiError && error.issues.some((issue) => issue.path === 'confirm')) setAsked(true);
      else notify.error(t(failure), failureText(error, t(failure), t));
    } finally {
      setBusy(false);
    }
  };

  const configured = config.data?.integrations.aiAudio !== false;
  const body = (() => {
    if (loadFailed) return <p role="alert">{t('readAloud.loadFailed')}</p>;
    if (!state) return <Loading />;
    return (
      <>
        {state.published && <p>{t('readAloud.published')}</p>}
        {state.stale && <p className="admin-notice">{t('readAloud.stale')}</p>}
        {running && <PartsProgress label={t('readAloud.progress')} done={state.partsDone} total={state.partsTotal || null} />}
        {state.status === 'failed' && <p className="field-error" role="alert">{t('readAloud.failed', { error: state.error ?? '' })}</p>}
        {state.status === 'done' && state.draftUrl && (
          <div className="field">
            <p>{t('readAloud.listen', { voice: state.voice ?? '' })}</p>
            {/* The draft is for editors only: an API path, fetched from the site with the admin's own session. */}
            <audio controls preload="metadata" src={`${siteUrl}${state.draftUrl}`} aria-label={t('readAloud.draft')} />
          </div>
        )}
        {configured ? (
          asked && !running && <SpeechConsent checked={confirmed} onChange={setConfirmed} label={t('readAloud.consent')} />
        ) : <p className="field-hint">{t('voice.notConfigured')}</p>}
        <div className="voice-actions">
          <button type="button" className="button button-small" disabled={!configured || busy || running || (asked && !confirmed)}
            onClick={() => void act(() => calls.readAloud.create(id, confirmed), 'readAloud.createFailed')}>
            {t(state.status === 'none' ? 'readAloud.create' : 'readAloud.createAgain')}
          </button>
          {state.status === 'done' && !state.published && (
            <button type="button" className="button button-small" disabled={busy || state.stale}
              onClick={() => void act(() => calls.readAloud.publish(id), 'readAloud.publishFailed', 'readAloud.publishedNow')}>
              {t('readAloud.publish')}
            </button>
          )}
          {state.status !== 'none' && (
            <button type="button" className="button button-small button-danger" disabled={busy}
              onClick={() => void act(async () => { await calls.readAloud.withdraw(id); return null; }, 'readAloud.withdrawFailed', 'readAloud.withdrawn')}>
              {t('readAloud.withdraw')}
            </button>
          )}
        </div>
      </>
    );
  })();

  return (
    <section className="voice-panel admin-card" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('readAloud.heading')}</h3>
      <p className="field-hint">{t('readAloud.textChanges')}</p>
      {body}
    </section>
  );
}
