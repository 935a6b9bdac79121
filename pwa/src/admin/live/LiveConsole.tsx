import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { AdminArticle, LiveEntry } from '@redaktion/shared';
import { ApiError } from '@redaktion/shared/client';
import { useAdminQuery } from '../data';
import { useAdminT } from '../i18n';
import { useAdminClient, useApi, usePlatform } from '../platform';
import { QUERY_KEYS } from '../queries';
import { ConfirmDialog } from '../ui/Dialog';
import { useNotify } from '../ui/feedback';
import { Loading, QueryState } from '../ui/QueryState';
import { SiteLink } from '../ui/SiteLink';
import { CoverageStatus } from './Coverage';
import { entrySummary } from './entry-text';
import { LiveComposer } from './LiveComposer';
import { LiveEntryCard, QueuedEntryCard } from './LiveEntryCard';
import { useLiveEntries, useQueuedEntries } from './use-live-entries';

/**
 * The live console (`articles/{id}/live` in the admin module, web and desktop alike): a live article's entries as
 * readers see them, newest first, beside the composer that publishes the next one.
 */
export function LiveConsole() {
  const t = useAdminT();
  const api = useApi();
  const articleId = Number(useParams().id);
  const valid = Number.isSafeInteger(articleId) && articleId > 0;
  const article = useAdminQuery(`${QUERY_KEYS.articles}/${valid ? articleId : 0}`,
    () => api.request<AdminArticle>('GET', `/api/admin/articles/${articleId}`));
  const missing = !valid || (article.error instanceof ApiError && article.error.status === 404);

  return (
    <div className="container admin live-console">
      <header className="admin-header">
        <div>
          <Link to={{ pathname: '../../..', search: '?tab=articles' }} relative="path" className="admin-back">← {t('live.back')}</Link>
          <h1>{t('live.heading')}</h1>
          {article.data && <p className="admin-subtitle">{article.data.title}</p>}
        </div>
      </header>
      {missing ? <p className="admin-card" role="alert">{t('live.notFound')}</p> : (
        <QueryState query={article}>
          {(loaded) => (loaded.kind === 'live'
            ? <ConsoleBody article={loaded} onArticleChanged={article.reload} />
            : <p className="admin-notice">{t('live.notLive')}</p>)}
        </QueryState>
      )}
    </div>
  );
}

function ConsoleBody({ article, onArticleChanged }: { article: AdminArticle; onArticleChanged(): void }) {
  const t = useAdminT();
  const admin = useAdminClient();
  const notify = useNotify();
  const { liveOutbox } = usePlatform();
  const [announcement, setAnnouncement] = useState('');
  const [dialogHost, setDialogHost] = useState<HTMLDivElement | null>(null);
  const [deleting, setDeleting] = useState<LiveEntry | null>(null);
  const [removing, setRemoving] = useState(false);
  const entriesHeading = useRef<HTMLHeadingElement>(null);
  const arrived = useCallback((fresh: LiveEntry[]) => {
    setAnnouncement(fresh.map((entry) => t('live.arrived', { author: entry.author.name, summary: entrySummary(entry, t) })).join(' '));
  }, [t]);
  const live = useLiveEntries(article.id, arrived);
  const { queued, refresh } = useQueuedEntries(article.id);
  const ended = live.status === 'ended' || article.liveStatus === 'ended';

  // Ended by another editor: the article is read again (once) for the time it ended.
  const { status, setStatus } = live;
  const reread = useRef(false);
  useEffect(() => {
    if (status !== 'ended' || article.liveStatus === 'ended' || reread.current) return;
    reread.current = true;
    onArticleChanged();
  }, [status, article.liveStatus, onArticleChanged]);

  const remove = async (entry: LiveEntry) => {
    setRemoving(true);
    try {
      await admin.liveEntries.remove(article.id, entry.id);
      live.drop(entry.id);
      notify.success(t('live.deleted'));
      setDeleting(null);
      // The entry and its buttons are gone: focus goes to the list's heading (ADR 21).
      setTimeout(() => entriesHeading.current?.focus());
    } catch (error) {
      notify.failure(t('live.changeFailed'), error);
    } finally {
      setRemoving(false);
    }
  };

  return (
    <>
      <div className="live-console-bar">
        <CoverageStatus article={article} onEnded={() => setStatus('ended')} />
        {article.status === 'published' && (
          <SiteLink className="button button-small button-ghost" path={`/article/${article.id}`}
            label={t('articles.viewLabel', { title: article.title })}>{t('common.view')}</SiteLink>
        )}
      </div>
      <div className="live-console-layout">
        <LiveComposer articleId={article.id} ended={ended} dialogHost={dialogHost}
          onPublished={(entry) => {
            live.apply(entry);
            setAnnouncement(t('live.published', { summary: entrySummary(entry, t) }));
          }}
          onQueued={(kept) => {
            refresh();
            setAnnouncement(t('live.queuedNotice', { summary: entrySummary(kept.entry, t) }));
          }}
          onEnded={() => setStatus('ended')} />
        <section className="live-entries" aria-labelledby="live-entries-heading">
          <h2 id="live-entries-heading" ref={entriesHeading} tabIndex={-1}>{t('live.entries')}</h2>
          {!live.loaded ? (
            live.error !== undefined ? (
              <div className="admin-card" role="alert">
                <p>{t('common.loadFailed')}</p>
                <button type="button" className="button button-small" onClick={live.retry}>{t('common.retry')}</button>
              </div>
            ) : <Loading />
          ) : (
            <>
              {queued.length === 0 && live.entries.length === 0 && <p className="admin-empty">{t('live.empty')}</p>}
              <ol className="live-entry-list">
                {/* Kept entries are newer than any on the server: they head the list, the newest first. */}
                {[...queued].reverse().map((kept) => (
                  <QueuedEntryCard key={kept.clientId} queued={kept}
                    onDiscard={() => void liveOutbox?.discard(kept.clientId).then(refresh)} />
                ))}
                {live.entries.map((entry) => (
                  <LiveEntryCard key={entry.id} entry={entry} articleId={article.id} ended={ended} dialogHost={dialogHost}
                    onChanged={live.apply} onDelete={setDeleting} />
                ))}
              </ol>
              {live.older && (
                <button type="button" className="button button-ghost" onClick={() => void live.loadOlder().catch(() => notify.error(t('common.loadFailed')))}>
                  {t('live.older')}
                </button>
              )}
            </>
          )}
        </section>
      </div>
      <p role="status" aria-live="polite" aria-atomic="true" className="visually-hidden live-announcer">{announcement}</p>
      <ConfirmDialog open={deleting !== null} busy={removing} onClose={() => setDeleting(null)}
        message={t('live.deleteConfirm', { summary: deleting ? entrySummary(deleting, t) : '' })}
        onConfirm={() => deleting && void remove(deleting)} />
      <div ref={setDialogHost} />
    </>
  );
}
