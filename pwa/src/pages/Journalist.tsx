import { useParams } from 'react-router-dom';
import { ArticleCard, ErrorNote, Loading } from '../components/cards';
import { useApi } from '../data/api-cache';
import { useI18n } from '../i18n';
import { NotFoundState } from './NotFound';
import { FallbackImage } from './People';
import { paragraphs } from './Person';
import { journalistArticles, journalistReads } from './Journalist.data';

/** A journalist of the newsroom (contract.md §7: an article's byline links here): who they are and what they wrote. */
export default function Journalist() {
  const { t } = useI18n();
  const { id = '' } = useParams();
  const { data: journalist, error, loading } = useApi(journalistReads(id).journalist);
  const articles = useApi(journalist ? journalistArticles(journalist.name) : null);
  if (loading) return <Loading />;
  if (error || !journalist) return <NotFoundState title={t('journalist.notFound')} error={error} />;
  return (
    <div className="container media-page journalist-page">
      <header className="person-hero">
        <div className="person-portrait">
          <FallbackImage src={journalist.profileImage} alt={journalist.name} width={320} height={400} eager />
        </div>
        <div className="person-intro">
          <p className="eyebrow">{t('journalist.eyebrow')}</p>
          <h1>{journalist.name}</h1>
          {journalist.title && <p className="person-title">{journalist.title}</p>}
          {journalist.specialty && <p className="meta">{journalist.specialty}</p>}
          {journalist.expertise.length > 0 && (
            <ul className="tag-list" aria-label={t('journalist.expertise')}>
              {journalist.expertise.map((tag) => <li key={tag} className="badge">{tag}</li>)}
            </ul>
          )}
          {journalist.bio && <div className="prose">{paragraphs(journalist.bio).map((p, i) => <p key={i}>{p}</p>)}</div>}
        </div>
      </header>
      <section className="media-section" aria-labelledby="journalist-articles">
        <div className="section-header"><h2 id="journalist-articles">{t('journalist.articles', { name: journalist.name })}</h2></div>
        {articles.loading ? <Loading /> : articles.error ? <ErrorNote message={t('news.failed')} /> : !articles.data?.length ? (
          <p className="empty">{t('home.empty')}</p>
        ) : (
          <div className="grid grid-3">{articles.data.map((article) => <ArticleCard key={article.id} article={article} />)}</div>
        )}
      </section>
    </div>
  );
}
