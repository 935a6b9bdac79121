import { Link, useSearchParams } from 'react-router-dom';
import { useSession } from '../app/context';
import { isStaff } from '../state/session';
import { apiPaths } from '@redaktion/shared/client';
import { AdSlot } from '../components/AdSlot';
import { ArticleCard, EpisodeCard, ErrorNote, Loading, SectionHeader } from '../components/cards';
import { VideoHero } from '../components/VideoHero';
import { useApi } from '../data/api-cache';
import { useI18n } from '../i18n';
import { Newsletter } from '../components/Newsletter';


function Section<T>({ id, title, link, linkLabel, read, failed, empty, render }: {
  id: string; title: string; link?: string; linkLabel?: string; read: { data?: T[]; error?: unknown; loading: boolean };
  failed: string; empty?: string; render: (items: T[]) => React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="home-section">
      <SectionHeader id={id} title={title} link={link} linkLabel={linkLabel} />
      {read.loading ? <Loading /> : read.error ? <ErrorNote message={failed} /> : read.data && read.data.length > 0 ? render(read.data) : empty ? <p className="empty">{empty}</p> : null}
    </section>
  );
}

export default function Home() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const articleHero = search.get('hero') === 'article';
  const lead = useApi(articleHero ? apiPaths.featuredArticles(1) : null);
  const featured = useApi(articleHero ? apiPaths.podcasts({ limit: 4 }) : apiPaths.featuredPodcasts(4));
  const opinion = useApi(apiPaths.articles({ category: 'opinion', limit: 2 }));
  const news = useApi(apiPaths.articles({ category: 'news', limit: 4 }));
  const third = useApi(apiPaths.articles({ category: articleHero ? 'culture' : 'society', limit: 3 }));
  const podcasts = useApi(apiPaths.podcasts({ limit: 6 }));
  const interviews = useApi(apiPaths.interviews(articleHero ? 3 : 7));
  const view = articleHero ? 'home-article' : 'home';
  const { user } = useSession();

  return (
    <>
      {isStaff(user) && (
        // admin-area.md §2: the home page offers staff a quick way to write.
        <Link to="/admin?tab=articles&create=article" className="fab" aria-label={t('home.addArticle')}><span aria-hidden="true">+</span></Link>
      )}
      {articleHero ? (
        lead.data?.[0] ? <div className="container"><ArticleCard article={lead.data[0]} variant="hero" eager /></div> : lead.loading ? <Loading /> : null
      ) : <VideoHero />}
      <div className="container" id="main-sections">
        <AdSlot placement="banner" viewKey={view} />
        <Section id="home-podcasts" title={articleHero ? t('home.societyStories') : t('home.podcasts')} link="/podcasts" linkLabel={t('common.viewAll')}
          read={featured} failed={t('home.podcastsFailed')} render={(items) => {
            const [first, ...rest] = items;
            return (
              <div className="feature-split">
                {first && <EpisodeCard episode={first} />}
                <div className="stack">{rest.map((episode) => <EpisodeCard key={episode.id} episode={episode} />)}</div>
              </div>
            );
          }} />
        <Section id="home-opinion" title={t('home.opinion')} link="/opinion" linkLabel={t('common.viewAll')} read={opinion}
          failed={t('opinion.failed')} render={(items) => <div className="grid grid-2">{items.map((a) => <ArticleCard key={a.id} article={a} />)}</div>} />
        <Section id="home-news" title={t('home.news')} link="/news" linkLabel={t('common.viewAll')} read={news} failed={t('news.failed')}
          empty={t('home.empty')} render={(items) => <div className="grid grid-4">{items.map((a) => <ArticleCard key={a.id} article={a} />)}</div>} />
        <Section id="home-society" title={articleHero ? t('home.cultureSection') : t('home.society')}
          link={`/news?category=${articleHero ? 'culture' : 'society'}`} linkLabel={t('common.viewAll')} read={third}
          failed={t('home.societyFailed')} render={(items) => <div className="grid grid-3">{items.map((a) => <ArticleCard key={a.id} article={a} />)}</div>} />
        <Section id="home-more-podcasts" title={t('home.morePodcasts')} link="/podcasts" linkLabel={t('common.viewAll')} read={podcasts}
          failed={t('home.podcastsFailed')} render={(items) => <div className="grid grid-3">{items.map((e) => <EpisodeCard key={e.id} episode={e} />)}</div>} />
        <Section id="home-interviews" title={t('home.interviews')} link="/people" linkLabel={t('common.viewAll')} read={interviews}
          failed={t('home.podcastsFailed')} empty={t('home.noInterviews')} render={(items) => {
            const [first, ...rest] = items;
            return (
              <div className="feature-split">
                {first && <EpisodeCard episode={first} badge={t('common.interview')} />}
                <div className="grid grid-3">{rest.map((e) => <EpisodeCard key={e.id} episode={e} badge={t('common.interview')} />)}</div>
              </div>
            );
          }} />
        <Newsletter />
      </div>
    </>
  );
}
