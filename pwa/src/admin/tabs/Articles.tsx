import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Article } from '@redaktion/shared';
import { ArticleForm } from '../articles/ArticleForm';
import { categoryName, useCategories } from '../articles/categories';
import { QUERY_KEYS, useChanged } from '../queries';
import { QueryState } from '../ui/QueryState';
import { StatusBadge } from '../articles/StatusBadge';
import { useAdminQuery } from '../data';
import { useAdminT } from '../i18n';
import { useAdminClient, useApi } from '../platform';
import { ConfirmDialog } from '../ui/Dialog';
import { SiteLink } from '../ui/SiteLink';
import { useMediaSrc } from '../media/SingleFileUpload';
import { useNotify } from '../ui/feedback';

/** The Articles tab (admin-area.md §2): every article in every status, with create, edit and delete. */
export function ArticlesTab() {
  const t = useAdminT();
  const notify = useNotify();
  const admin = useAdminClient();
  const articles = useAdminQuery(QUERY_KEYS.articles, admin.articles.list);
  const contentChanged = useChanged();
  // undefined: no dialog; null: a new article.
  const [editing, setEditing] = useState<Article | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Article | null>(null);
  const [removing, setRemoving] = useState(false);
  useLinkedArticle(setEditing);

  const remove = async (article: Article) => {
    setRemoving(true);
    try {
      await admin.articles.remove(article.id);
      notify.success(t('articles.deleted'));
      contentChanged('article');
      setDeleting(null);
    } catch {
      notify.error(t('common.error'), t('articles.deleteFailed'));
    } finally {
      setRemoving(false);
    }
  };

  return (
    <div className="admin-section">
      <div className="admin-toolbar">
        <h2>{t('articles.heading')}</h2>
        <button type="button" className="button" onClick={() => setEditing(null)}>{t('articles.create')}</button>
      </div>
      <QueryState query={articles} empty={t('articles.empty')}>
        {(items) => (
          <ul className="admin-list">
            {items.map((article) => (
              <ArticleRow key={article.id} article={article} onEdit={() => setEditing(article)} onDelete={() => setDeleting(article)} />
            ))}
          </ul>
        )}
      </QueryState>
      {editing !== undefined && <ArticleForm article={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmDialog open={deleting !== null} busy={removing} onClose={() => setDeleting(null)}
        message={t('common.confirmDelete', { title: deleting?.title ?? '' })} onConfirm={() => deleting && void remove(deleting)} />
    </div>
  );
}

/**
 * Opens the article a link asks to edit (`?tab=articles&article=12`, from the Insights tab), read by its id since it
 * may be older than the list; the parameter is dropped once read, so that a closed editor stays closed.
 */
function useLinkedArticle(open: (article: Article) => void) {
  const t = useAdminT();
  const api = useApi();
  const notify = useNotify();
  const [search, setSearch] = useSearchParams();
  const id = Number(search.get('article'));
  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) return;
    setSearch((current) => {
      current.delete('article');
      return current;
    }, { replace: true });
    api.request<Article>('GET', `/api/admin/articles/${id}`).then(open, (error: unknown) => notify.failure(t('insights.openFailed'), error));
  }, [id, api, notify, setSearch, open, t]);
}

function ArticleRow({ article, onEdit, onDelete }: { article: Article; onEdit(): void; onDelete(): void }) {
  const t = useAdminT();
  const categories = useCategories().data;
  const mediaSrc = useMediaSrc();
  const published = article.status === 'published';
  const scheduled = published && article.publishedAt !== null && new Date(article.publishedAt) > new Date();
  return (
    <li className="admin-row">
      {article.imageUrl
        ? <img className="admin-row-thumb" src={mediaSrc(article.imageUrl)} alt="" width={64} height={48} loading="lazy" />
        : <span className="admin-row-thumb" aria-hidden="true" />}
      <div className="admin-row-body">
        <p className="admin-row-title">{article.title}</p>
        <p className="admin-row-meta">
          <span>{categoryName(categories, article.category)}</span>
          <span>{article.author}</span>
          <StatusBadge status={article.status} />
          {scheduled && <span className="admin-tag">{t('articles.scheduled', { date: t.date(article.publishedAt, { dateStyle: 'medium', timeStyle: 'short' }) })}</span>}
          {article.featured && <span className="admin-tag">{t('common.featured')}</span>}
          {article.categoryFeatured && <span className="admin-tag">{t('articles.categoryFeatured')}</span>}
          {article.premium && <span className="admin-tag">{t('common.premium')}</span>}
          {article.kind === 'live' && (
            <span className="admin-tag">{t(article.liveStatus === 'ended' ? 'live.tagEnded' : 'live.tag')}</span>
          )}
        </p>
      </div>
      <div className="admin-row-actions">
        {published && !scheduled && (
          <SiteLink className="button button-small button-ghost" path={`/article/${article.id}`}
            label={t('articles.viewLabel', { title: article.title })}>{t('common.view')}</SiteLink>
        )}
        {article.kind === 'live' && (
          <Link to={`articles/${article.id}/live`} className="button button-small button-ghost"
            aria-label={t('live.consoleLabel', { title: article.title })}>{t('live.heading')}</Link>
        )}
        <button type="button" className="button button-small button-ghost" onClick={onEdit}
          aria-label={t('articles.editLabel', { title: article.title })}>{t('common.edit')}</button>
        <button type="button" className="button button-small button-danger" onClick={onDelete}
          aria-label={t('articles.deleteLabel', { title: article.title })}>{t('common.delete')}</button>
      </div>
    </li>
  );
}
