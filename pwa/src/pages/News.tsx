import { Link, useSearchParams } from 'react-router-dom';
import type { Article } from '@redaktion/shared';
import { apiPaths } from '@redaktion/shared/client';
import { ArticleCard, ErrorNote, Loading, categoryKey } from '../components/cards';
import { NEWS_CATEGORIES, PER_GROUP } from '../app/route-data';
import { useApi } from '../data/api-cache';
import { useI18n } from '../i18n';
import type { MessageKey } from '../i18n/en';



function Group({ category }: { category: string }) {
  const { t } = useI18n();
  const { data, error, loading } = useApi(apiPaths.articles({ category, limit: PER_GROUP }));
  if (loading) return <Loading />;
  if (error) return <ErrorNote message={t('news.failed')} />;
  if (!data?.length) return null;
  return (
    <section aria-labelledby={`group-${category}`} className={`news-group accent-${category}`}>
      <div className="section-header">
        <h2 id={`group-${category}`}>{t(categoryKey(category))}</h2>
        <Link to={`/news?category=${category}`} className="section-link">{t('common.viewAll')}</Link>
      </div>
      <div className="grid grid-3">{data.map((article: Article) => <ArticleCard key={article.id} article={article} />)}</div>
    </section>
  );
}

export default function News() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const category = search.get('category');
  const list = useApi(category ? apiPaths.articles({ category, limit: 20 }) : null);
  const [first, ...rest] = list.data ?? [];
  return (
    <div className="container">
      <header className={`page-header accent-${category ?? 'news'}`}>
        <h1>{category ? t(categoryKey(category)) : t('nav.news')}</h1>
        <p>{t((category ? `news.tagline.${category}` : 'news.tagline.news') as MessageKey)}</p>
      </header>
      <nav className="pills" aria-label={t('nav.news')}>
        <Link to="/news" className="pill" aria-current={!category ? 'page' : undefined}>{t('news.all')}</Link>
        {NEWS_CATEGORIES.map((c) => (
          <Link key={c} to={`/news?category=${c}`} className="pill" aria-current={category === c ? 'page' : undefined}>{t(categoryKey(c))}</Link>
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
      ) : ['news', ...NEWS_CATEGORIES].map((c) => <Group key={c} category={c} />)}
    </div>
  );
}
