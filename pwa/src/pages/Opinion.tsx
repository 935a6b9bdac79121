import { ArticleCard, ErrorNote, Loading } from '../components/cards';
import { useApi } from '../data/api-cache';
import { useI18n } from '../i18n';
import { opinionReads } from './Opinion.data';


export default function Opinion() {
  const { t } = useI18n();
  const { data, error, loading } = useApi(opinionReads().opinion);
  return (
    <div className="container category-page accent-opinion">
      <header className="page-header"><h1>{t('opinion.title')}</h1><p>{t('opinion.tagline')}</p></header>
      {loading ? <Loading /> : error ? <ErrorNote message={t('opinion.failed')} /> : !data?.length
        ? <p className="empty">{t('opinion.empty')}</p>
        : <div className="grid grid-2">{data.map((article) => <ArticleCard key={article.id} article={article} level={2} />)}</div>}
    </div>
  );
}
