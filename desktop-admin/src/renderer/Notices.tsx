import { useCallback, useState } from 'react';
import type { AdminNotice } from '@redaktion/pwa/admin';

const SHOWN_MS = 6000;

/** The admin screens' short messages (saved, deleted, failed), shown a few seconds in a corner. */
export function useNotices() {
  const [notices, setNotices] = useState<(AdminNotice & { id: number })[]>([]);
  const notify = useCallback((notice: AdminNotice) => {
    const id = Date.now() + Math.random();
    setNotices((shown) => [...shown, { ...notice, id }]);
    setTimeout(() => setNotices((shown) => shown.filter((candidate) => candidate.id !== id)), SHOWN_MS);
  }, []);
  const view = (
    <div className="desktop-notices" role="status" aria-live="polite">
      {notices.map((notice) => (
        <p key={notice.id} className={`desktop-notice is-${notice.tone}`}>
          <strong>{notice.title}</strong>{notice.description ? ` ${notice.description}` : ''}
        </p>
      ))}
    </div>
  );
  return { notify, view };
}
