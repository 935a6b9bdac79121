import { useEffect, useRef, useState } from 'react';
import { useAdminT } from '../i18n';
import { useAdminClient } from '../platform';
import { QueryState } from '../ui/QueryState';
import { useFormat } from './format';
import { useFigures } from './use-figures';

/** How often "Right now" reads the readers again while it is shown. */
const REFRESH_MS = 15_000;

/**
 * Whether a new count is worth telling a screen reader: a change of at least a quarter, and of at least 3 readers,
 * from the count last told. Readers come and go every few seconds; a polite note at every refresh would drown the tab.
 */
export const worthTelling = (told: number, now: number): boolean => Math.abs(now - told) >= Math.max(3, told / 4);

/** Readers in the last few minutes and the pages they are on, read again every 15 seconds. */
export function RightNow() {
  const t = useAdminT();
  const format = useFormat();
  const admin = useAdminClient();
  const now = useFigures('/api/admin/insights/now', admin.insights.now, REFRESH_MS);
  const readers = now.data?.readers;
  // The count last told (the first is on the screen as the tab opens, so it is not told), and what is being told.
  const baseline = useRef<number | null>(null);
  const [told, setTold] = useState<number | null>(null);

  useEffect(() => {
    if (readers === undefined) return;
    if (baseline.current === null) baseline.current = readers;
    else if (worthTelling(baseline.current, readers)) {
      baseline.current = readers;
      setTold(readers);
    }
  }, [readers]);

  return (
    <section className="admin-section" aria-labelledby="insights-now">
      <h2 id="insights-now">{t('insights.now')}</h2>
      <p role="status" className="visually-hidden">{told !== null && t('insights.nowAnnounce', { n: format.number(told) })}</p>
      <QueryState query={now} failed={t('insights.nowFailed')}>
        {({ readers: count, minutes, pages }) => (
          <div className="admin-card insights-now">
            <p className="admin-stat-label">{t('insights.nowReaders', { minutes })}</p>
            <p className="admin-stat-value">{format.number(count)}</p>
            {pages.length === 0 ? <p className="admin-empty">{t('insights.nowNone')}</p> : (
              <table className="insights-table">
                <caption className="visually-hidden">{t('insights.nowPages')}</caption>
                <thead><tr><th scope="col">{t('insights.page')}</th><th scope="col">{t('insights.readers')}</th></tr></thead>
                <tbody>
                  {pages.map((page) => (
                    <tr key={page.path}>
                      <th scope="row">{page.title ?? page.path}</th>
                      <td>{format.number(page.readers)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        )}
      </QueryState>
    </section>
  );
}
