import { useEffect } from 'react';
import type { Episode } from '@redaktion/shared';
import { useServices } from '../services/context';
import { useI18n } from '../i18n';
import { upNextText } from '../i18n/up-next';
import { followQueue, toggleUpNext, useUpNext } from '../offline/up-next';

/** Adds an episode to Up Next or takes it off: a toggle on the episode page and (`compact`) on every episode card. */
export function QueueButton({ episode, compact = false }: { episode: Pick<Episode, 'id' | 'title'>; compact?: boolean }) {
  const { locale } = useI18n();
  const text = upNextText(locale);
  const services = useServices();
  const queued = useUpNext((state) => state.ids.includes(episode.id));
  useEffect(() => {
    if (services.device) void followQueue(services.device).catch(() => undefined);
  }, [services.device]);

  return (
    <button type="button" className={`button button-ghost save-button queue-button${compact ? ' save-button-compact' : ''}`} aria-pressed={queued}
      aria-label={queued ? text.removeLabel(episode.title) : text.addLabel(episode.title)}
      onClick={() => void toggleUpNext(services, episode.id, queued, locale)}>
      <span aria-hidden="true">{queued ? '✓' : '+'}</span>{!compact && <span>{queued ? text.queued : text.add}</span>}
    </button>
  );
}
