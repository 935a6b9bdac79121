import { useEffect, useRef } from 'react';

/**
 * Moves focus to an element that is no control (a heading, a message), so that keyboard and screen reader users
 * continue from what just appeared instead of from the top of the page; tabindex -1 keeps it out of the Tab order.
 */
export function focusElement(element: HTMLElement, options?: FocusOptions) {
  if (!element.hasAttribute('tabindex')) element.tabIndex = -1;
  element.focus(options);
}

/** The page's own main heading, past the header and any ad above the content. */
export const mainHeading = () => document.querySelector<HTMLElement>('main h1');

/** A ref whose element takes focus each time `when` becomes a new truthy value (an error shown, a step reached). */
export function useFocusWhen<T extends HTMLElement>(when: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (when && ref.current) focusElement(ref.current);
  }, [when]);
  return ref;
}
