import { Link, useParams } from 'react-router-dom';
import type { Article as ArticleType, Author } from '@redaktion/shared';
import { AdSlot } from '../components/AdSlot';
import { ArticleBody, bodyOf } from '../components/ArticleBody';
import { ArticleCard, Loading, Picture, categoryLabel } from '../components/cards';
import { Paywall } from '../components/Paywall';
import { SaveButton } from '../components/SaveButton';
import { ShareButton } from '../components/ShareButton';
import { useApi } from '../data/api-cache';
import { formatRelative, useI18n } from '../i18n';
import { imageSources } from '../data/image-sources';
import { NotFoundState } from './NotFound';
import { articleReads } from './Article.data';


/** Who wrote it: the journalist's photo, title and bio when the newsroom has them, else what the article carries. */
function AuthorBox({ article, journalist }: { article: ArticleType; journalist: Author | undefined }) {
  const { t } = useI18n();
  const image = journalist?.profileImage ?? article.authorImage;
  const title = journalist?.title ?? article.authorTitle;
  if (!image && !title && !journalist?.bio) return null;
  return (
    <aside className="author-box" aria-label={t('article.aboutAuthor')}>
      {image && <img src={image} {...imageSources(image, '64px')} alt="" width={64} height={64} loading="lazy" />}
      <div>
        <strong>{journalist ? <Link to={`/journalists/${journalist.id}`}>{article.author}</Link> : article.author}</strong>
        {title && <p>{title}</p>}
        {journalist?.bio && <p className="author-bio">{journalist.bio}</p>}
      </div>
    </aside>
  );
}

export default function Article() {
  const { t } = useI18n();
  const { id = '' } = useParams();
  const reads = articleReads(id);
  const { data: article, error, loading } = useApi(reads.article);
  const related = useApi(article ? reads.related : null);
  // The journalist behind the byline, when the newsroom has one of that name (contract.md §7).
  const journalist = useApi(article ? reads.author : null).data;
  if (loading) return <Loading />;
  if (error || !article) return <NotFoundState title={t('article.notFound')} text={t('article.notFoundText')} error={error} />;
  return (
    <div className="container">
      <AdSlot placement="banner" viewKey={`article-${article.id}`} />
      <AdSlot placement="article-top" viewKey={`article-${article.id}`} />
      <div className="article-layout">
        <article className="article">
          <header className="article-header">
            <p className="eyebrow">
              <Link to={`/news?category=${article.category}`}>{categoryLabel(t, article.category)}</Link>
              {article.premium && <span className="badge badge-premium">{t('common.premium')}</span>}
            </p>
            <h1>{article.title}</h1>
            <p className="meta">
              {journalist ? <Link to={`/journalists/${journalist.id}`}>{t('common.by', { name: article.author })}</Link> : t('common.by', { name: article.author })}
              {article.authorTitle ? `, ${article.authorTitle}` : ''} ·{' '}
              <time dateTime={article.publishedAt ?? undefined}>{formatRelative(article.publishedAt, t, true)}</time> · {t('common.minRead', { n: article.readTime })}
            </p>
            <div className="article-actions"><SaveButton subject={{ kind: 'article', item: article }} /><ShareButton title={article.title} /></div>
          </header>
          <figure className="article-figure">
            <Picture src={article.imageUrl} alt={article.imageAlt ?? ''} width={1200} height={675} eager />
            {article.imageCredit && <figcaption>{t('article.photo', { credit: article.imageCredit })}</figcaption>}
          </figure>
          <p className="lede">{article.excerpt}</p>
          {article.locked ? <Paywall title={t('article.locked')} text={t('article.lockedText')} /> : <ArticleBody body={bodyOf(article)} adsKey={`article-${article.id}`} />}
          <AdSlot placement="article-bottom" viewKey={`article-${article.id}`} />
          <AuthorBox article={article} journalist={journalist} />
        </article>
        <aside className="article-sidebar">
          <AdSlot placement="sidebar" viewKey={`article-${article.id}`} />
          {related.data && related.data.length > 0 && (
            <section aria-labelledby="related">
              <h2 id="related">{t('article.related')}</h2>
              <div className="stack">{related.data.map((a) => <ArticleCard key={a.id} article={a} variant="compact" />)}</div>
            </section>
          )}
        </aside>
      </div>
    </div>
  );
}
