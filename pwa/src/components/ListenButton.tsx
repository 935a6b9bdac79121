import { Suspense, lazy, useState } from 'react';
import type { Article } from '@redaktion/shared';
import { useServices } from '../services/context';
import { useI18n } from '../i18n';
import { listenText } from '../i18n/listen';
import { isTrack, usePlayer } from '../state/player';
import { toast } from '../state/toasts';

/** Speed and "continuing where you left off": loaded once the read-aloud is in the player. */
const ListenControls = lazy(() => import('./ListenControls'));

/**
 * An article's Listen (contract §9 [voice]): plays its published read-aloud in the site's player (the mini-player takes
 * it from there) and says that the voice is synthetic. On the first screen it is only this button: opening the track
 * (from the device when the article was saved with it) is a chunk loaded on the press.
 */
export function ListenButton({ article }: { article: Article }) {
  const { locale } = useI18n();
  const text = listenText(locale);
  const services = useServices();
  const bound = usePlayer((state) => isTrack(state.track, 'article', article.id));
  const playing = usePlayer((state) => state.playing) && bound;
  const [busy, setBusy] = useState(false);

  function listen() {
    if (bound) return usePlayer.getState().toggle();
    setBusy(true);
    void import('../offline/article-audio').then(({ listenTo }) => listenTo(services, article))
      .catch(() => toast(text.failed, undefined, 'destructive'))
      .finally(() => setBusy(false));
  }

  return (
    <div className="listen">
      <button type="button" className="button listen-button" onClick={listen} disabled={busy} aria-busy={busy || undefined}>
        <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span> {playing ? text.pause : text.listen}
      </button>
      <span className="listen-note">{text.synthetic}</span>
      {bound && <Suspense fallback={null}><ListenControls /></Suspense>}
    </div>
  );
}
