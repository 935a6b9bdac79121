import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { Article as ArticleType, Author } from '@redaktion/shared';
import { AdSlot } from '../components/AdSlot';
import { ArticleBody, bodyOf } from '../components/ArticleBody';
import { ArticleCard, Loading, Picture, categoryLabel } from '../components/cards';
import { ListenButton } from '../components/ListenButton';
import { SaveButton } from '../components/SaveButton';
import { ShareButton } from '../components/ShareButton';
import { useApi } from '../data/api-cache';
import { formatDate, formatRelative, useI18n } from '../i18n';
import { imageSources } from '../data/image-sources';
import { NotFoundState } from './NotFound';
import { ArticleAccess, LiveCoverage, articleReads } from './Article.data';


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
  const [search] = useSearchParams();
  const reads = articleReads(id, search.get('gift'));
  const { data: article, error, loading } = useApi(reads.article);
  const related = useApi(article ? reads.related : null);
  // The journalist behind the byline, when the newsroom has one of that name (contract.md §7).
  const journalist = useApi(article ? reads.author : null).data;
  if (loading) return <Loading />;
  if (error || !article) return <NotFoundState title={t('article.notFound')} text={t('article.notFoundText')} error={error} />;
  return <ArticleView article={article} journalist={journalist} related={related.data} />;
}

/** When a published article last changed, if after it went out: a correction says "corrected", any other edit "updated". */
function Changed({ article }: { article: ArticleType }) {
  const { t } = useI18n();
  const corrected = article.corrections?.at(-1)?.createdAt;
  const edited = article.publishedAt && Date.parse(article.updatedAt) - Date.parse(article.publishedAt) > 60_000 ? article.updatedAt : null;
  const latest = corrected && (!edited || corrected >= edited) ? corrected : edited;
  if (!latest) return null;
  return <> · <time dateTime={latest}>{t(latest === corrected ? 'article.correctedAt' : 'article.updatedAt', { time: formatRelative(latest, t, true) })}</time></>;
}

/**
 * An article as a reader reads it: the article page, and a preview link's page (`preview`: as an entitled reader would
 * see it once published, without ads, saving or sharing, which a draft has no use for).
 */
export function ArticleView({ article, journalist, related, preview = false }: {
  article: ArticleType; journalist?: Author; related?: ArticleType[]; preview?: boolean;
}) {
  const { t, locale } = useI18n();
  const adsKey = `article-${article.id}`;
  const ads = !preview;
  return (
    <div className="container">
      {preview && <p className="preview-notice" role="note">{t('article.preview')}</p>}
      {ads && <AdSlot placement="banner" viewKey={adsKey} />}
      {ads && <AdSlot placement="article-top" viewKey={adsKey} />}
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
              <Changed article={article} />
            </p>
            {!preview && <div className="article-actions"><SaveButton subject={{ kind: 'article', item: article }} /><ShareButton title={article.title} /></div>}
            {!preview && article.audioUrl && <ListenButton article={article} />}
          </header>
          <figure className="article-figure">
            <Picture src={article.imageUrl} alt={article.imageAlt ?? ''} width={1200} height={675} eager />
            {article.imageCredit && <figcaption>{t('article.photo', { credit: article.imageCredit })}</figcaption>}
          </figure>
          <p className="lede">{article.excerpt}</p>
          {/* A premium article's body is the access chunk's to show or withhold (a preview shows it as entitled readers see it). */}
          {article.premium && !preview
            ? <ArticleAccess.Component article={article}><ArticleBody body={bodyOf(article)} adsKey={adsKey} /></ArticleAccess.Component>
            : <ArticleBody body={bodyOf(article)} adsKey={ads ? adsKey : null} />}
          {article.kind === 'live' && !preview && <LiveCoverage.Component article={article} />}
          {article.corrections && article.corrections.length > 0 && (
            <section className="corrections" aria-labelledby="corrections">
              <h2 id="corrections">{t('article.corrections')}</h2>
              {article.corrections.map((correction) => (
                <p key={correction.id}>
                  <time dateTime={correction.createdAt}>{formatDate(correction.createdAt, locale, { dateStyle: 'long', timeStyle: 'short' })}</time>: {correction.text}
                </p>
              ))}
            </section>
          )}
          {ads && <AdSlot placement="article-bottom" viewKey={adsKey} />}
          <AuthorBox article={article} journalist={journalist} />
        </article>
        <aside className="article-sidebar">
          {ads && <AdSlot placement="sidebar" viewKey={adsKey} />}
          {related && related.length > 0 && (
            <section aria-labelledby="related">
              <h2 id="related">{t('article.related')}</h2>
              <div className="stack">{related.map((a) => <ArticleCard key={a.id} article={a} variant="compact" />)}</div>
            </section>
          )}
        </aside>
      </div>
    </div>
  );
}
