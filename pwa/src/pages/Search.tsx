import { Link, useSearchParams } from 'react-router-dom';
import type { Episode } from '@redaktion/shared';
import { formatClock } from '@redaktion/shared/time';
import { ArticleCard, ErrorNote, Loading } from '../components/cards';
import { OFFLINE, useApi } from '../data/api-cache';
import { useI18n } from '../i18n';
import { voiceText } from '../i18n/voice';
import { formValues } from '../components/form-values';
import { searchReads } from './Search.data';

/** Episodes found by their title, description or what is said in them: the spoken line plays from its time. */
function EpisodeResults({ episodes }: { episodes: Episode[] }) {
  const { locale } = useI18n();
  const text = voiceText(locale);
  return (
    <section aria-labelledby="search-episodes" className="search-episodes">
      <h3 id="search-episodes">{text.episodes}</h3>
      <ul className="episode-results">
        {episodes.map((episode) => (
          <li key={episode.id}>
            <Link to={`/podcast/${episode.id}`} className="episode-result-title">{episode.title}</Link>
            {episode.transcriptMatch && (
              <p className="transcript-match">
                <Link to={`/podcast/${episode.id}?t=${episode.transcriptMatch.start}`}>{text.saidAt(formatClock(episode.transcriptMatch.start))}</Link>
                {' '}<q>{episode.transcriptMatch.text}</q>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Search() {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const q = search.get('q')?.trim() ?? '';
  const reads = searchReads(search);
  const { data, error, loading } = useApi(reads.results);
  const episodes = useApi(reads.episodes).data;
  return (
    <div className="container">
      <header className="page-header"><h1>{t('search.title')}</h1></header>
      <form role="search" className="inline-form search-form" onSubmit={(event) => {
        event.preventDefault();
        const value = formValues(event, ['q']).q.trim();
        setSearch(value ? { q: value } : {});
      }}>
        <label htmlFor="search-page-q" className="visually-hidden">{t('search.prompt')}</label>
        <input id="search-page-q" name="q" type="search" defaultValue={q} placeholder={t('search.prompt')} />
        <button type="submit" className="button">{t('nav.search')}</button>
      </form>
      {q && (loading ? <Loading /> : error ? <ErrorNote message={t(error.status === OFFLINE ? 'offline.needsNetwork' : 'search.failed')} /> : (
        <section aria-labelledby="search-results">
          <h2 id="search-results">{t('search.results', { q })}</h2>
          {data?.length ? <div className="grid grid-3">{data.map((a) => <ArticleCard key={a.id} article={a} />)}</div> : null}
          {episodes?.length ? <EpisodeResults episodes={episodes} /> : !data?.length && <p className="empty">{t('search.none', { q })}</p>}
        </section>
      ))}
    </div>
  );
}
