import { Link } from 'react-router-dom';
import { useI18n } from '../i18n';

export function NotFoundState({ title, text, backTo = '/', backLabel }: { title: string; text?: string; backTo?: string; backLabel?: string }) {
  const { t } = useI18n();
  return (
    <div className="container not-found">
      <h1>{title}</h1>
      {text && <p>{text}</p>}
      <Link to={backTo} className="button">{backLabel ?? t('common.backHome')}</Link>
    </div>
  );
}

export default function NotFound() {
  const { t } = useI18n();
  return <NotFoundState title={t('notFound.title')} text={t('notFound.text')} />;
}
