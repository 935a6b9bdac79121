/** Runs work the reader is not waiting for once the browser has nothing better to do. */
export function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(work, { timeout: 3000 });
  else setTimeout(work, 200);
}
