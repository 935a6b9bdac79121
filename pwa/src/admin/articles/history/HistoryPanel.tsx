import { useState } from 'react';
import type { AdminArticle, RevisionSummary } from '@redaktion/shared';
import { useAdminQuery, invalidate } from '../../data';
import { useAdminT } from '../../i18n';
import { useAdminClient } from '../../platform';
import { useChanged } from '../../queries';
import { ConfirmDialog } from '../../ui/Dialog';
import { useNotify } from '../../ui/feedback';
import { BodyPreview } from '../BodyPreview';
import { WordDiff } from './WordDiff';

/** The read of an article's revisions, newest first: refetched after anything that adds one. */
export const revisionsKey = (articleId: number) => `/api/admin/articles/${articleId}/revisions`;

const TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * The editor's History panel (issue 21): the article's revisions, one shown as the reader would see it, a word-level
 * diff against the text in the editor or another revision, and Restore.
 */
export function HistoryPanel({ articleId, currentContent, onRestored }: {
  articleId: number; currentContent: string; onRestored(article: AdminArticle): void;
}) {
  const t = useAdminT();
  const admin = useAdminClient();
  const revisions = useAdminQuery(revisionsKey(articleId), () => admin.articleHistory.revisions(articleId));
  const [selected, setSelected] = useState<number | null>(null);
  const list = revisions.data ?? [];
  const entry = (revision: RevisionSummary) => t('history.entry', {
    kind: t(`history.kind.${revision.kind}`), time: t.date(revision.createdAt, TIME), author: revision.author.username,
  });

  return (
    <section className="article-history" aria-labelledby={`history-${articleId}`}>
      <h3 id={`history-${articleId}`}>{t('history.title')}</h3>
      {revisions.loading && !revisions.data && <p role="status">{t('common.loading')}</p>}
      {revisions.data && list.length === 0 && <p>{t('history.empty')}</p>}
      <ol className="article-history-list">
        {list.map((revision) => (
          <li key={revision.id}>
            <button type="button" className="button button-ghost button-small" aria-pressed={selected === revision.id}
              onClick={() => setSelected(revision.id)}>{entry(revision)}</button>
          </li>
        ))}
      </ol>
      {selected !== null && (
        <RevisionView key={selected} articleId={articleId} revisionId={selected} revisions={list} entry={entry}
          currentContent={currentContent} onRestored={onRestored} />
      )}
    </section>
  );
}

function useRevision(articleId: number, revisionId: number) {
  const admin = useAdminClient();
  return useAdminQuery(`${revisionsKey(articleId)}/${revisionId}`, () => admin.articleHistory.revision(articleId, revisionId));
}

/** The changes from `before` to another revision's text, once it is read. */
function RevisionDiff({ articleId, revisionId, before }: { articleId: number; revisionId: number; before: string }) {
  const t = useAdminT();
  const after = useRevision(articleId, revisionId).data;
  return after ? <WordDiff label={t('history.diff')} before={before} after={after.state.content} /> : <p role="status">{t('common.loading')}</p>;
}

function RevisionView({ articleId, revisionId, revisions, entry, currentContent, onRestored }: {
  articleId: number; revisionId: number; revisions: RevisionSummary[]; entry(revision: RevisionSummary): string;
  currentContent: string; onRestored(article: AdminArticle): void;
}) {
  const t = useAdminT();
  const admin = useAdminClient();
  const notify = useNotify();
  const contentChanged = useChanged();
  const [compareWith, setCompareWith] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const revision = useRevision(articleId, revisionId).data;
  if (!revision) return <p role="status">{t('common.loading')}</p>;

  const restore = async () => {
    setBusy(true);
    try {
      onRestored(await admin.articleHistory.restore(articleId, revisionId));
      notify.success(t('history.restored'));
      invalidate(revisionsKey(articleId));
      contentChanged('article');
      setConfirming(false);
    } catch {
      notify.error(t('common.error'), t('history.restoreFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="article-revision">
      <h4>{t('history.asReader')}</h4>
      <div className="article-revision-preview">
        <h2>{revision.state.title}</h2>
        <BodyPreview markdown={revision.state.content} />
      </div>
      <label className="field">
        <span>{t('history.compareWith')}</span>
        <select value={compareWith ?? ''} onChange={(event) => setCompareWith(event.target.value ? Number(event.target.value) : null)}>
          <option value="">{t('history.currentText')}</option>
          {revisions.filter((candidate) => candidate.id !== revisionId).map((candidate) => (
            <option key={candidate.id} value={candidate.id}>{entry(candidate)}</option>
          ))}
        </select>
      </label>
      <h4>{t('history.diff')}</h4>
      {compareWith === null
        ? <WordDiff label={t('history.diff')} before={revision.state.content} after={currentContent} />
        : <RevisionDiff articleId={articleId} revisionId={compareWith} before={revision.state.content} />}
      <button type="button" className="button" onClick={() => setConfirming(true)}>{t('history.restore')}</button>
      <ConfirmDialog open={confirming} message={t('history.confirmRestore')} confirmLabel={t('history.restore')} busy={busy}
        onConfirm={() => void restore()} onClose={() => setConfirming(false)} />
    </div>
  );
}
