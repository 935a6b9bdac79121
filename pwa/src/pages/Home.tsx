import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Article } from '@redaktion/shared';
import { useSession } from '../services/context';
import { AdSlot } from '../components/AdSlot';
import { ArticleCard, EpisodeCard, ErrorNote, Loading, Picture, SectionHeader, categoryKey } from '../components/cards';
import { Newsletter } from '../components/Newsletter';
import { VideoHero } from '../components/VideoHero';
import { useApi } from '../data/api-cache';
import { formatRelative, useI18n } from '../i18n';
import { isStaff } from '../state/session';
import { homeReads } from './Home.data';

function Section<T>({ id, title, link, linkLabel, read, failed, empty, render }: {
  id: string; title: string; link?: string; linkLabel?: string; read: { data?: T[]; error?: unknown; loading: boolean };
  failed: string; empty?: string; render: (items: T[]) => ReactNode;
}) {
  // Each section is a Suspense boundary so that React hydrates the page in slices, yielding between them, instead
  // of holding the main thread for the whole page at once.
  return (
    <Suspense fallback={null}>
      <section aria-labelledby={id} className="home-section">
        <SectionHeader id={id} title={title} link={link} linkLabel={linkLabel} />
        {read.loading ? <Loading /> : read.error ? <ErrorNote message={failed} /> : read.data && read.data.length > 0 ? render(read.data) : empty ? <p className="empty">{empty}</p> : null}
      </section>
    </Suspense>
  );
}

/** The staff's channel-video dialog: admin code, fetched only when the button is pressed. */
const HomeVideoDialog = lazy(() => import('./admin/AdminPage').then((page) => ({ default: page.HomeVideoDialog })));

/** The alternative home's hero (reader-area.md §2): today's lead article with Read Full Story. */
function LeadStory({ read }: { read: { data?: Article[]; error?: unknown; loading: boolean } }) {
  const { t } = useI18n();
  const lead = read.data?.[0];
  if (read.loading) return <Loading />;
  if (!lead) return <div className="container"><h1 className="visually-hidden">Redaktion</h1>{read.error ? <ErrorNote message={t('news.failed')} /> : null}</div>;
  return (
    <section className="container lead-story" aria-labelledby="lead-title">
      <Picture src={lead.imageUrl} alt={lead.imageAlt ?? ''} width={1200} height={675} eager className="lead-story-image" />
      <div className="lead-story-body">
        <p className="eyebrow">{t('home.leadStory')} · {t(categoryKey(lead.category))}</p>
        <h1 id="lead-title">{lead.title}</h1>
        <p className="lede">{lead.excerpt}</p>
        <p className="meta">{t('common.by', { name: lead.author })} · <time dateTime={lead.publishedAt ?? undefined}>{formatRelative(lead.publishedAt, t)}</time></p>
        <Link to={`/article/${lead.id}`} className="button button-accent">{t('home.readFullStory')}</Link>
      </div>
    </section>
  );
}

export default function Home() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const articleHero = search.get('hero') === 'article';
  const reads = homeReads(search);
  const lead = useApi(reads.lead);
  const featured = useApi(reads.featured);
  const opinion = useApi(reads.opinion);
  const news = useApi(reads.news);
  const third = useApi(reads.third);
  const podcasts = useApi(reads.podcasts);
  const interviews = useApi(reads.interviews);
  const view = articleHero ? 'home-article' : 'home';
  const { user } = useSession();
  const [adding, setAdding] = useState(false);

  return (
    <>
      {isStaff(user) && (
        <>
          <button type="button" className="fab" aria-label={t('home.addVideos')} aria-haspopup="dialog" onClick={() => setAdding(true)}>
            <span aria-hidden="true">+</span>
          </button>
          {adding && <Suspense fallback={null}><HomeVideoDialog onClose={() => setAdding(false)} /></Suspense>}
        </>
      )}
      {articleHero ? <LeadStory read={lead} /> : <VideoHero />}
      <div className="container" id="main-sections">
        <AdSlot placement="hero" viewKey={view} />
        <AdSlot placement="banner" viewKey={view} />
        <Section id="home-podcasts" title={articleHero ? t('home.societyStories') : t('home.podcasts')} link="/podcasts" linkLabel={t('common.viewAll')}
          read={featured} failed={t('home.podcastsFailed')} empty={t('podcasts.empty')} render={(items) => {
            const [first, ...rest] = items;
            return (
              <div className="feature-split">
                {first && <EpisodeCard episode={first} />}
                <div className="stack">{rest.map((episode) => <EpisodeCard key={episode.id} episode={episode} />)}</div>
              </div>
            );
          }} />
        <Section id="home-opinion" title={t('home.opinion')} link="/opinion" linkLabel={t('common.viewAll')} read={opinion}
          failed={t('opinion.failed')} empty={t('home.empty')} render={(items) => <div className="grid grid-2">{items.map((a) => <ArticleCard key={a.id} article={a} />)}</div>} />
        <Section id="home-news" title={t('home.news')} link="/news" linkLabel={t('common.viewAll')} read={news} failed={t('news.failed')}
          empty={t('home.empty')} render={(items) => <div className="grid grid-4">{items.map((a) => <ArticleCard key={a.id} article={a} />)}</div>} />
        <Section id="home-society" title={articleHero ? t('home.cultureSection') : t('home.society')}
          link={`/news?category=${articleHero ? 'culture' : 'society'}`} linkLabel={t('common.viewAll')} read={third}
          failed={t('home.societyFailed')} empty={t('home.empty')} render={(items) => <div className="grid grid-3">{items.map((a) => <ArticleCard key={a.id} article={a} />)}</div>} />
        <Section id="home-more-podcasts" title={t('home.morePodcasts')} link="/podcasts" linkLabel={t('common.viewAll')} read={podcasts}
          failed={t('home.podcastsFailed')} empty={t('podcasts.empty')} render={(items) => <div className="grid grid-3">{items.map((e) => <EpisodeCard key={e.id} episode={e} />)}</div>} />
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
