import { Suspense, lazy, useEffect, useId, useState } from 'react';
import { useServices } from '../services/context';
import { useI18n } from '../i18n';
import { upNextText } from '../i18n/up-next';
import { followChapters } from '../offline/chapters-session';
import { followPlayer, useUpNext } from '../offline/up-next';
import { Loading } from './cards';
import { ChapterNav } from './ChapterNav';
import { SleepTimer } from './SleepTimer';

/** The list and its drag and drop are a chunk of their own again: most listeners never open it. */
const UpNextList = lazy(() => import('./UpNext'));

/**
 * What the player offers beyond playing (contract §9 [listen], [voice]): the chapter line, the sleep timer and Up Next,
 * opened as a disclosure.
 * The episode page's player and the mini-player load it once something is in the player, never on the first screen;
 * it is also what sets Up Next and chapters to work in the player (followPlayer, followChapters), so that the first
 * screen carries none of that.
 */
export default function PlayerExtras() {
  const { locale } = useI18n();
  const text = upNextText(locale);
  const services = useServices();
  const count = useUpNext((state) => state.ids.length);
  const [open, setOpen] = useState(false);
  const panel = useId();
  useEffect(() => {
    followPlayer(services);
    followChapters(services);
  }, [services]);

  return (
    <div className="player-extras">
      <ChapterNav />
      <SleepTimer text={text} />
      <button type="button" className="button button-ghost player-up-next-toggle" aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
        <span aria-hidden="true">☰ </span>{text.open(count)}
      </button>
      <div id={panel} className="player-up-next" hidden={!open}>
        {open && <Suspense fallback={<Loading />}><UpNextList /></Suspense>}
      </div>
    </div>
  );
}
