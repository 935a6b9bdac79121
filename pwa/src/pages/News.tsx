import { useSyncExternalStore } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Article } from '@redaktion/shared';
import { ArticleCard, ErrorNote, Loading, categoryLabel, categoryTagline } from '../components/cards';
import { useApi, useApiCache } from '../data/api-cache';
import { useI18n } from '../i18n';
import { NEWS_CATEGORIES, groupRead, newsReads } from './News.data';

function Group({ category }: { category: string }) {
  const { t } = useI18n();
  const { data, error, loading } = useApi(groupRead(category));
  if (loading) return <Loading />;
  if (error) return <ErrorNote message={t('news.failed')} />;
  if (!data?.length) return null;
  return (
    <section aria-labelledby={`group-${category}`} className={`news-group accent-${category}`}>
      <div className="section-header">
        <h2 id={`group-${category}`}>{categoryLabel(t, category)}</h2>
        <Link to={`/news?category=${category}`} className="section-link">{t('common.viewAll')}</Link>
      </div>
      <div className="grid grid-3">{data.map((article: Article) => <ArticleCard key={article.id} article={article} />)}</div>
    </section>
  );
}

/** Whether every group's read has answered with no articles (each group hides itself then, so the page says so once). */
function useEveryGroupEmpty(paths: string[]): boolean {
  const cache = useApiCache();
  useSyncExternalStore(cache.subscribe, cache.getVersion, cache.getVersion);
  return paths.every((path) => {
    const data = cache.get(path)?.data;
    return Array.isArray(data) && data.length === 0;
  });
}

export default function News() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const category = search.get('category');
  const reads = newsReads(search);
  const list = useApi(reads.list);
  const everyGroupEmpty = useEveryGroupEmpty(reads.groups);
  const [first, ...rest] = list.data ?? [];
  return (
    <div className={`container category-page accent-${category ?? 'news'}`}>
      <header className="page-header">
        <h1>{category ? categoryLabel(t, category) : t('nav.news')}</h1>
        <p>{categoryTagline(t, category ?? 'news')}</p>
      </header>
      <nav className="pills" aria-label={t('nav.news')}>
        <Link to="/news" className="pill" aria-current={!category ? 'page' : undefined}>{t('news.all')}</Link>
        {NEWS_CATEGORIES.map((c) => (
          <Link key={c} to={`/news?category=${c}`} className="pill" aria-current={category === c ? 'page' : undefined}>{categoryLabel(t, c)}</Link>
        ))}
      </nav>
      {category ? (
        list.loading ? <Loading /> : list.error ? <ErrorNote message={t('news.failed')} /> : !first ? <p className="empty">{t('news.empty')}</p> : (
          <>
            <ArticleCard article={first} variant="hero" eager />
            <section aria-labelledby="more-news">
              <h2 id="more-news">{t('news.more')}</h2>
              {rest.length ? <div className="grid grid-3">{rest.map((a) => <ArticleCard key={a.id} article={a} />)}</div> : <p className="empty">{t('news.noMore')}</p>}
            </section>
          </>
        )
      ) : everyGroupEmpty ? <p className="empty">{t('home.empty')}</p> : ['news', ...NEWS_CATEGORIES].map((c) => <Group key={c} category={c} />)}
    </div>
  );
}
