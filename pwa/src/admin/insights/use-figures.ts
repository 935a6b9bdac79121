import { useEffect, useRef, useState } from 'react';
import type { Query } from '../data';

interface State<T> { key: string; data?: T; error?: unknown; loading: boolean }

/**
 * A read of the figures. The admin's lists are kept until a change invalidates them (data.ts); figures move by
 * themselves (the rollup every few minutes, readers coming and going), so each mount and each new `key` (a period,
 * an article) reads them afresh, and `everyMs` reads them again while the screen is shown. A failed read again keeps
 * the figures already shown.
 */
export function useFigures<T>(key: string, load: () => Promise<T>, everyMs?: number): Query<T> {
  const [state, setState] = useState<State<T>>({ key, loading: true });
  const [round, setRound] = useState(0);
  const latest = useRef(load);
  latest.current = load;

  useEffect(() => {
    let current = true;
    setState((before) => (before.key === key ? { ...before, loading: true } : { key, loading: true }));
    latest.current().then(
      (data) => current && setState({ key, data, loading: false }),
      (error: unknown) => current && setState((before) => ({ ...before, key, error, loading: false })),
    );
    return () => {
      current = false;
    };
  }, [key, round]);

  useEffect(() => {
    if (!everyMs) return undefined;
    // Nobody looks at a hidden page: the next round after it shows again brings the figures up to date.
    const timer = setInterval(() => document.hidden || setRound((n) => n + 1), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);

  // Before the effect has run for a new key, the figures shown are not the old key's.
  const shown: State<T> = state.key === key ? state : { key, loading: true };
  return { data: shown.data, error: shown.error, loading: shown.loading, reload: () => setRound((n) => n + 1) };
}
