import { useEffect, useState } from 'react';
import type { Article, PersonProfile } from '@redaktion/shared';
import { useServices } from '../services/context';
import { useI18n } from '../i18n';
import { removeSaved, saveArticle, saveProfile, savedKey } from '../offline/saved';
import { useSavedKeys, watchSavedKeys } from '../offline/saved-keys';
import { toast } from '../state/toasts';

type Subject = { kind: 'article'; item: Article } | { kind: 'profile'; item: PersonProfile };

/** Save (and unsave) an article or a profile for offline reading: a toggle whose state every screen shares. */
export function SaveButton({ subject, compact = false }: { subject: Subject; compact?: boolean }) {
  const { t } = useI18n();
  const services = useServices();
  const { kind, item } = subject;
  const title = kind === 'article' ? subject.item.title : subject.item.name;
  const saved = useSavedKeys((state) => state.keys.has(savedKey(kind, item.id)));
  useEffect(() => {
    if (services.device) watchSavedKeys(services.device);
  }, [services.device]);
  const [busy, setBusy] = useState(false);

  async function toggle() {
    setBusy(true);
    try {
      if (saved) {
        await removeSaved(services, kind, item.id);
        toast(t('save.removed'));
      } else {
        if (subject.kind === 'article') await saveArticle(services, subject.item);
        else await saveProfile(services, subject.item);
        toast(kind === 'article' ? t('save.added') : t('save.profileAdded'));
      }
    } catch {
      toast(t('save.failed'), undefined, 'destructive');
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className={`button button-ghost save-button${compact ? ' save-button-compact' : ''}`} aria-pressed={saved}
      aria-label={t(saved ? 'save.removeLabel' : 'save.saveLabel', { title })} disabled={busy} onClick={() => void toggle()}>
      <span aria-hidden="true">{saved ? '★' : '☆'}</span>{!compact && <span>{saved ? t('save.saved') : t('save.save')}</span>}
    </button>
  );
}
