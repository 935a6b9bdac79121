import { useSearchParams } from 'react-router-dom';
import { ArticleCard, ErrorNote, Loading } from '../components/cards';
import { OFFLINE, useApi } from '../data/api-cache';
import { useI18n } from '../i18n';
import { formValues } from '../components/form-values';
import { searchReads } from './Search.data';


export default function Search() {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const q = search.get('q')?.trim() ?? '';
  const { data, error, loading } = useApi(searchReads(search).results);
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
          {data?.length ? <div className="grid grid-3">{data.map((a) => <ArticleCard key={a.id} article={a} />)}</div> : <p className="empty">{t('search.none', { q })}</p>}
        </section>
      ))}
    </div>
  );
}
