import { memo, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { parseText } from 'media-captions';
import { formatClock } from '@redaktion/shared/time';
import type { Device } from '../device/device';
import { useServices } from '../services/context';
import { useI18n } from '../i18n';
import { voiceText } from '../i18n/voice';

interface Cue { start: number; end: number; text: string }

/**
 * The published WebVTT (same origin; a premium one needs the session's cookie). A copy is kept on the device with the
 * API answers it has seen, so that a downloaded episode's page shows its transcript offline too.
 */
async function readTranscript(url: string, device: Device | undefined): Promise<Cue[]> {
  let vtt: string;
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    vtt = await response.text();
    void device?.responses.put(url, vtt).catch(() => undefined);
  } catch (error) {
    const kept = await device?.responses.get(url).catch(() => undefined);
    if (typeof kept?.data !== 'string') throw error;
    vtt = kept.data;
  }
  const { cues } = await parseText(vtt, { type: 'vtt' });
  return cues.map((cue) => ({ start: cue.startTime, end: cue.endTime, text: cue.text.trim() })).filter((cue) => cue.text);
}

/** The searched words, lower case. */
const wordsOf = (query: string) => query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A cue's text with the searched words marked; its markup (`<v>`, `<b>`…) stays text, as React writes text. */
function Highlighted({ text, words }: { text: string; words: string[] }) {
  if (!words.length) return <>{text}</>;
  const parts = text.split(new RegExp(`(${words.map(escape).join('|')})`, 'iu'));
  return <>{parts.map((part, index) => (index % 2 ? <mark key={index}>{part}</mark> : part))}</>;
}

/** One line: memoised, since the player's clock redraws the transcript several times a second. */
const CueLine = memo(function CueLine({ cue, spoken, words, label, onPlay }: {
  cue: Cue; spoken: boolean; words: string[]; label: string; onPlay: (time: number) => void;
}) {
  return (
    <li className="transcript-cue">
      <button type="button" aria-current={spoken ? 'true' : undefined} onClick={() => onPlay(cue.start)}>
        <span className="transcript-time"><span className="visually-hidden">{label} </span>{formatClock(cue.start)}</span>{' '}
        <span className="transcript-text"><Highlighted text={cue.text} words={words} /></span>
      </button>
    </li>
  );
});

/**
 * An episode's transcript under its player (contract §9 [voice]): each cue plays from its start on a press, the cue being
 * spoken is marked and kept in view while the reader follows along; scrolling the list away stops that until they press
 * Follow along or a cue. The search field keeps the cues holding every word typed, the words marked. `current` is the
 * player's time while this episode is in it, else null. Its own chunk: the WebVTT parser comes with it.
 */
export default function Transcript({ url, current, playFrom }: { url: string; current: number | null; playFrom: (time: number) => void }) {
  const { locale } = useI18n();
  const text = voiceText(locale);
  const { device } = useServices();
  const [cues, setCues] = useState<Cue[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  const [following, setFollowing] = useState(true);
  const list = useRef<HTMLOListElement>(null);
  /** Where this component last scrolled the list: the scroll event that follows is not the reader's. */
  const scrolledTo = useRef<number | null>(null);
  const play = useRef(playFrom);
  const search = useId();
  play.current = playFrom;

  useEffect(() => {
    let live = true;
    setCues(null);
    setFailed(false);
    readTranscript(url, device).then((read) => live && setCues(read), () => live && setFailed(true));
    return () => { live = false; };
  }, [url, device]);

  const spoken = current === null ? -1 : (cues?.findIndex((cue) => cue.start <= current && current < cue.end) ?? -1);
  const words = useMemo(() => wordsOf(query), [query]);
  const shown = useMemo(() => (cues ?? []).map((cue, index) => ({ cue, index }))
    .filter(({ cue }) => words.every((word) => cue.text.toLocaleLowerCase().includes(word))), [cues, words]);

  useLayoutEffect(() => {
    const box = list.current;
    const line = box?.querySelector<HTMLElement>('[aria-current]')?.parentElement;
    if (!following || !box || !line) return;
    if (line.offsetTop >= box.scrollTop && line.offsetTop + line.offsetHeight <= box.scrollTop + box.clientHeight) return;
    const top = Math.min(Math.max(line.offsetTop - box.clientHeight / 3, 0), box.scrollHeight - box.clientHeight);
    scrolledTo.current = top;
    box.scrollTop = top;
  }, [spoken, following, query]);

  function onScroll() {
    const box = list.current;
    const ours = box !== null && scrolledTo.current !== null && Math.abs(box.scrollTop - scrolledTo.current) < 2;
    scrolledTo.current = null;
    if (!ours) setFollowing(false);
  }

  // Stable, so that the memoised lines do not redraw with the clock.
  const [onPlay] = useState(() => (time: number) => {
    setFollowing(true);
    play.current(time);
  });

  return (
    <section className="transcript" aria-labelledby="transcript-title">
      <h2 id="transcript-title">{text.transcript}</h2>
      {failed ? <p className="error-note" role="alert">{text.transcriptFailed}</p> : !cues ? <p className="empty" role="status">{text.transcriptLoading}</p> : (
        <>
          <div className="transcript-tools">
            <label htmlFor={search} className="visually-hidden">{text.searchTranscript}</label>
            <input id={search} type="search" value={query} placeholder={text.searchTranscript} onChange={(event) => setQuery(event.currentTarget.value)} />
            <p className="transcript-matches" role="status">{words.length ? text.matches(shown.length) : ''}</p>
            {!following && spoken >= 0 && (
              <button type="button" className="button button-ghost transcript-follow" onClick={() => setFollowing(true)}>{text.followAlong}</button>
            )}
          </div>
          <ol ref={list} className="transcript-cues" aria-labelledby="transcript-title" onScroll={onScroll}>
            {shown.map(({ cue, index }) => (
              <CueLine key={index} cue={cue} spoken={index === spoken} words={words} label={text.playCue} onPlay={onPlay} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
