import { useRef, type KeyboardEvent } from 'react';

/**
 * Arrow keys across a tablist (WAI-ARIA tabs with automatic activation): Left and Right move to the previous
 * and next tab, wrapping, select it and move the focus there. `ref(index)` goes on each tab button.
 */
export function useTabKeys<T extends { id: string }>(tabs: readonly T[], select: (id: string) => void) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  return {
    ref: (index: number) => (element: HTMLButtonElement | null) => { refs.current[index] = element; },
    onKeyDown(event: KeyboardEvent, index: number) {
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (!step) return;
      event.preventDefault();
      const next = (index + step + tabs.length) % tabs.length;
      select(tabs[next]!.id);
      refs.current[next]?.focus();
    },
  };
}
