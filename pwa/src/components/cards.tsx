import { Link } from 'react-router-dom';
import type { Article, Episode } from '@redaktion/shared';
import { displayMinutes } from '@redaktion/shared/time';
import { formatDate, formatRelative, useI18n, type Translate } from '../i18n';
import { imageSources } from '../data/image-sources';
import { SaveButton } from './SaveButton';
import { CardQueueButton } from './CardQueueButton';
import type { MessageKey } from '../i18n/en';

export const categoryKey = (category: string) => `category.${category}` as MessageKey;

/** A message built from data (a category), or the fallback when the catalogue has no such message. */
function messageOr(t: Translate, key: MessageKey, fallback: string): string {
  const text = t(key);
  return text === key ? fallback : text;
}

/** A category's name in the reader's language, or the category itself when the catalogue has no name for it. */
export function categoryLabel(t: Translate, category: string | null | undefined): string {
  return category ? messageOr(t, categoryKey(category), category) : '';
}

/** The line under a news category's heading; a category without one of its own gets the news tagline. */
export function categoryTagline(t: Translate, category: string): string {
  return messageOr(t, `news.tagline.${category}` as MessageKey, t('news.tagline.news'));
}

/**
 * A picture with its size set, so the page does not jump while it loads, and the server's variants in
 * `srcset`, so a phone fetches the width it shows. `width` is the widest the picture is drawn.
 */
export function Picture({ src, alt, width, height, eager = false, className }: {
  src: string | null; alt: string; width: number; height: number; eager?: boolean; className?: string;
}) {
  return (
    <img className={className} src={src ?? `/api/placeholder/${width}/${height}`} alt={alt} width={width} height={height}
      {...imageSources(src, `(max-width: ${width}px) 100vw, ${width}px`)}
      loading={eager ? 'eager' : 'lazy'} decoding="async" fetchPriority={eager ? 'high' : undefined} />
  );
}

/** `level` is the title's heading level, so that a card follows the page's outline (a hero is a page's first h2). */
export function ArticleCard({ article, variant = 'default', eager = false, level = variant === 'hero' ? 2 : 3 }: {
  article: Article; variant?: 'default' | 'compact' | 'hero'; eager?: boolean; level?: 2 | 3;
}) {
  const { t } = useI18n();
  const wide = variant === 'hero';
  const Title = level === 2 ? 'h2' : 'h3';
  return (
    <article className={`card article-card article-card-${variant}`}>
      <Link to={`/article/${article.id}`} className="card-link">
        {variant !== 'compact' && (
          <Picture src={article.imageUrl} alt={article.imageAlt ?? ''} width={wide ? 1200 : 640} height={wide ? 675 : 360} eager={eager} />
        )}
        <div className="card-body">
          <p className="eyebrow">
            {categoryLabel(t, article.category)}
            {article.premium && <span className="badge badge-premium">{t('common.premium')}</span>}
          </p>
          <Title className="card-title">{article.title}</Title>
          {variant !== 'compact' && <p className="card-excerpt">{article.excerpt}</p>}
          <p className="meta">
            <span>{article.author}</span> · <time dateTime={article.publishedAt ?? undefined}>{formatRelative(article.publishedAt, t)}</time>
            {' · '}{t('common.minRead', { n: article.readTime })}
          </p>
        </div>
      </Link>
      <div className="card-save"><SaveButton subject={{ kind: 'article', item: article }} compact /></div>
    </article>
  );
}

export function EpisodeCard({ episode, badge }: { episode: Episode; badge?: string }) {
  const { t, locale } = useI18n();
  return (
    <article className="card episode-card">
      <Link to={`/podcast/${episode.id}`} className="card-link">
        <Picture src={episode.imageUrl} alt="" width={400} height={400} />
        <div className="card-body">
          <p className="eyebrow">
            {badge ?? (episode.kind === 'interview' ? t('common.interview') : t('common.episode', { n: episode.episodeNumber }))}
            {episode.premium && <span className="badge badge-premium">{t('common.premium')}</span>}
          </p>
          <h3 className="card-title">{episode.title}</h3>
          <p className="meta">
            {t('common.minutes', { n: displayMinutes(episode.duration) })} · {formatDate(episode.publishedAt, locale, { dateStyle: 'medium' })}
          </p>
        </div>
      </Link>
      {episode.audioUrl && <CardQueueButton episode={episode} />}
    </article>
  );
}

export function Loading() {
  const { t } = useI18n();
  return <div className="loading" role="status" aria-live="polite"><span className="spinner" aria-hidden="true" />{t('common.loading')}</div>;
}

export function ErrorNote({ message }: { message: string }) {
  return <p className="error-note" role="alert">{message}</p>;
}

export function SectionHeader({ title, link, linkLabel, id }: { title: string; link?: string; linkLabel?: string; id: string }) {
  return (
    <div className="section-header">
      <h2 id={id}>{title}</h2>
      {link && <Link to={link} className="section-link">{linkLabel}</Link>}
    </div>
  );
}
