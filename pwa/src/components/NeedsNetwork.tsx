import { useI18n } from '../i18n';
import { useNetwork } from '../device/network';

/** On a page that cannot work offline (signing in, paying): says so before the reader tries, not after. */
export function NeedsNetwork() {
  const { t } = useI18n();
  const online = useNetwork((state) => state.online);
  return online ? null : <p className="notice" role="status">{t('offline.needsNetwork')}</p>;
}
