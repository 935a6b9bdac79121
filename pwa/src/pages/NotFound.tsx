import { Link } from 'react-router-dom';
import { OFFLINE } from '../data/api-cache';
import { useI18n } from '../i18n';

/**
 * A page whose subject is missing. When it is missing because there is no network and the device never kept
 * it, the reader is told that (and pointed to what they saved) rather than that it does not exist.
 */
export function NotFoundState({ title, text, backTo = '/', backLabel, error }: {
  title: string; text?: string; backTo?: string; backLabel?: string; error?: { status: number };
}) {
  const { t } = useI18n();
  if (error?.status === OFFLINE) {
    return (
      <div className="container not-found offline-state">
        <h1>{t('offline.notSaved')}</h1>
        <p>{t('offline.notSavedText')}</p>
        <Link to="/dashboard/reading-list" className="button">{t('offline.openSaved')}</Link>
      </div>
    );
  }
  // A server that could not answer (its database away) is not a missing page: the reader is told to try again.
  if (error && error.status >= 500) {
    return (
      <div className="container not-found">
        <h1>{t('unavailable.title')}</h1>
        <p>{t('unavailable.text')}</p>
      </div>
    );
  }
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
