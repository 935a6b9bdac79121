import { useCallback, useState } from 'react';

/**
 * A form waits for its files: while any upload control reports an upload under way, the submit is held, so an
 * item is never saved without the file the editor just chose. Pass `onBusyChange` to each upload control.
 */
export function useUploadHold() {
  const [running, setRunning] = useState(0);
  const onBusyChange = useCallback((busy: boolean) => setRunning((count) => Math.max(0, count + (busy ? 1 : -1))), []);
  return { held: running > 0, onBusyChange };
}
