import { useParams } from 'react-router-dom';
import { Loading } from '../components/cards';
import { useApi } from '../data/api-cache';
import { useI18n } from '../i18n';
import { ArticleView } from './Article';
import { NotFoundState } from './NotFound';
import { previewReads } from './Preview.data';

/** A preview link's page (contract §9): a draft as an entitled reader will see it, for whoever holds the link. */
export default function Preview() {
  const { t } = useI18n();
  const { token = '' } = useParams();
  const { data: article, error, loading } = useApi(previewReads(token).article);
  if (loading) return <Loading />;
  if (error || !article) return <NotFoundState title={t('article.notFound')} text={t('article.notFoundText')} error={error} />;
  return <ArticleView article={article} preview />;
}
