import { useState } from 'react';
import { articleInputSchema, type AdminArticle, type Article } from '@redaktion/shared';
import type { ApiClient } from '@redaktion/shared/client';
import type { AdminClient } from '@redaktion/shared/admin-client';
import { useAdminT } from '../i18n';
import { useAdminClient, useApi } from '../platform';
import { useChanged } from '../queries';
import { ConfirmDialog } from '../ui/Dialog';
import { useNotify } from '../ui/feedback';
import { entryTime } from './entry-text';

/** The article's editable fields, as a PUT takes them (a client's own id is for creating only). */
const INPUT_FIELDS = Object.keys(articleInputSchema.shape).filter((field) => field !== 'clientId') as (keyof AdminArticle)[];

/**
 * Ends a live article's coverage (contract §9 [live]: a PUT of the article with `liveStatus: "ended"`). The article
 * is read again first, so that the PUT carries what is stored now and not what a screen opened with.
 */
export async function endCoverage(api: ApiClient, admin: AdminClient, articleId: number): Promise<AdminArticle> {
  const stored = await api.request<AdminArticle>('GET', `/api/admin/articles/${articleId}`);
  const fields = Object.fromEntries(INPUT_FIELDS.flatMap((field) => (stored[field] == null ? [] : [[field, stored[field]]])));
  return admin.articles.update(articleId, { ...fields, liveStatus: 'ended' });
}

/**
 * A live article's coverage: live since when, or ended when, and the act that ends it (after a question, since it
 * cannot be taken back here). Ending it is not part of a form's save: it happens at once.
 */
export function CoverageStatus({ article, onEnded }: { article: Article; onEnded(article: AdminArticle): void }) {
  const t = useAdminT();
  const api = useApi();
  const admin = useAdminClient();
  const notify = useNotify();
  const contentChanged = useChanged();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const ended = article.liveStatus === 'ended';
  const since = ended ? article.coverageEndTime : article.coverageStartTime;

  const end = async () => {
    setBusy(true);
    try {
      const updated = await endCoverage(api, admin, article.id);
      notify.success(t('live.endedNotice'));
      contentChanged('article');
      setAsking(false);
      onEnded(updated);
    } catch (error) {
      notify.failure(t('live.endFailed'), error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="live-coverage">
      <p>
        <span className="setting-label">{t('live.coverage')}:</span>{' '}
        <span className={`admin-status live-status-${ended ? 'ended' : 'live'}`}>{t(ended ? 'live.status.ended' : 'live.status.live')}</span>
        {since && <> <time dateTime={since}>{ended ? entryTime(since, t) : t('live.since', { time: entryTime(since, t) })}</time></>}
      </p>
      {!ended && (
        <button type="button" className="button button-small button-danger" onClick={() => setAsking(true)}>{t('live.end')}</button>
      )}
      <ConfirmDialog open={asking} busy={busy} message={t('live.endConfirm', { title: article.title })} confirmLabel={t('live.end')}
        onConfirm={() => void end()} onClose={() => setAsking(false)} />
    </div>
  );
}
