import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { apiPaths } from '@redaktion/shared/client';
import { useApi } from '../data/api-cache';
import { useI18n } from '../i18n';
import { insightText } from '../i18n/insight';
import { usePlayer } from '../state/player';
import {
  PageTrail, listening, mayCount, optedOut, reached, rememberConsent, secondsSince, seenShare, send, storedConsent, subjectOf, viewOf,
  type Consent, type Shown,
} from './beacon';
import './insight.css';

/** The page this document loaded first, as the browser navigated to it (the app may have moved on since). */
function firstPage(): Shown {
  const entry = performance.getEntriesByType('navigation')[0];
  const url = new URL(entry?.name ?? location.href);
  return { path: url.pathname + url.search, referrer: document.referrer, at: 0 };
}

/**
 * A view for every page shown, once the configuration says whether they may be counted: views waiting until then go
 * out, or are forgotten when they may not (a reader who answers yes later is counted from the page they are on).
 */
function useViews(counting: boolean | undefined): Shown | null {
  const { pathname, search } = useLocation();
  const path = pathname + search;
  const [trail] = useState(() => new PageTrail(firstPage(), location.origin));
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => setShown(trail.arrive(path, performance.now())), [trail, path]);
  useEffect(() => {
    if (counting === undefined || !shown) return;
    if (counting) for (const page of trail.take()) send(viewOf(page));
    else trail.forgetEarlier();
  }, [counting, shown, trail]);
  return shown;
}

/**
 * `read` at each quarter of an article's text the first time it is on screen in this view: measured as the reader
 * scrolls, as the window changes size, and as the page's content grows (the article arriving after a link in the app).
 */
function useReadDepth(counting: boolean | undefined, shown: Shown | null) {
  useEffect(() => {
    const { articleId } = shown ? subjectOf(shown.path) : {};
    if (!counting || !shown || !articleId) return;
    const reported = new Set<number>();
    let frame = 0;
    const measure = () => {
      frame = 0;
      const body = document.querySelector('.article-body');
      if (!body) return;
      for (const depth of reached(seenShare(body.getBoundingClientRect(), window.innerHeight), reported)) {
        send({ type: 'read', path: shown.path, articleId, depth, seconds: secondsSince(shown.at, performance.now()) });
      }
    };
    const schedule = () => { frame ||= requestAnimationFrame(measure); };
    const grows = new ResizeObserver(schedule);
    const main = document.getElementById('main');
    if (main) grows.observe(main);
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      grows.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [counting, shown]);
}

/** `listen` for what the app's player plays: an episode by its id, an article's read-aloud by the article's. */
function useListening(counting: boolean | undefined, shown: Shown | null) {
  // Playback goes on across pages: each event names the page the reader is on as it is sent.
  const path = useRef<string | null>(null);
  useEffect(() => { path.current = shown?.path ?? null; }, [shown]);
  // One for the page session, so that each track's quarters go out once however often the reader moves on.
  const [hear] = useState(() => listening(({ track, depth, seconds }) => {
    if (path.current === null) return;
    send({ type: 'listen', path: path.current, ...(track.kind === 'episode' ? { episodeId: track.id } : { articleId: track.id }), depth, seconds });
  }));
  useEffect(() => {
    if (!counting) return;
    hear(usePlayer.getState());
    return usePlayer.subscribe(hear);
  }, [counting, hear]);
}

function ConsentNotice({ onAnswer }: { onAnswer(answer: Consent): void }) {
  const { locale } = useI18n();
  const text = insightText(locale);
  return (
    <section className="insight-consent" aria-labelledby="insight-consent-question">
      <p id="insight-consent-question" className="insight-consent-question">{text.question}</p>
      <p className="insight-consent-detail">{text.detail} <Link to="/privacy">{text.privacy}</Link></p>
      <div className="insight-consent-answers">
        <button type="button" className="button" onClick={() => onAnswer('yes')}>{text.yes}</button>
        <button type="button" className="button button-ghost" onClick={() => onAnswer('no')}>{text.no}</button>
      </div>
    </section>
  );
}

/**
 * The newsroom's figures in the reader app (contract §9 [insight]): views, reading and listening sent to
 * `POST /api/collect`, and, where the publisher asks first (INSIGHT_CONSENT=1), the notice that asks. Loaded after the
 * first screen (app/App.tsx), so none of it weighs on the page the reader opens.
 */
export default function Insight() {
  const config = useApi(apiPaths.config).data;
  const [consent, setConsent] = useState(storedConsent);
  // A configuration kept on the device from before the setting existed says nothing: nothing is counted or asked then.
  const askConsent = config?.insight?.askConsent;
  const counting = askConsent === undefined ? undefined : mayCount(askConsent, consent);
  const shown = useViews(counting);
  useReadDepth(counting, shown);
  useListening(counting, shown);

  if (!askConsent || consent !== null || optedOut()) return null;
  return (
    <ConsentNotice onAnswer={(answer) => {
      rememberConsent(answer);
      setConsent(answer);
      // The notice goes with the button that had focus: the reader continues from the page.
      document.getElementById('main')?.focus({ preventScroll: true });
    }} />
  );
}
