import { lazy, Suspense, type ReactNode } from 'react';
import { Loading } from '../../components/cards';
import { useI18n } from '../../i18n';
import { libraryText } from '../../i18n/library';
import { upNextText } from '../../i18n/up-next';
import { DashboardPage } from './layout';
import { LibraryDownloads } from './LibraryDownloads';
import { LibraryFollowing } from './LibraryFollowing';
import { ListeningHistory } from './ListeningHistory';
import { PrivateFeeds } from './PrivateFeeds';

/** The queue is the player's own list (reorder, remove), in a chunk of its own. */
const UpNextList = lazy(() => import('../../components/UpNext'));

function LibrarySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="library-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * The reader's podcast library (contract.md §7, §9 [listen]): Up Next, the series followed with their new episodes, the
 * downloads, the listening history, and a subscriber's private feeds. It is the device's own page: it opens signed out
 * and offline, with what this device knows.
 */
export function PodcastLibrary() {
  const { t, locale } = useI18n();
  const text = libraryText(locale);
  return (
    <DashboardPage title={t('dashboard.podcasts')} intro={t('dashboard.podcastsText')}>
      <LibrarySection id="library-up-next" title={upNextText(locale).title}>
        <Suspense fallback={<Loading />}><UpNextList /></Suspense>
      </LibrarySection>
      <LibrarySection id="library-following" title={text.following}><LibraryFollowing /></LibrarySection>
      <LibrarySection id="library-downloads" title={text.downloads}><LibraryDownloads /></LibrarySection>
      <LibrarySection id="library-history" title={text.history}><ListeningHistory /></LibrarySection>
      <PrivateFeeds />
    </DashboardPage>
  );
}
