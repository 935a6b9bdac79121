import type { MouseEvent } from 'react';
import { ApiError } from '@redaktion/shared/client';
import { insightsCsvPath } from '@redaktion/shared/admin-client';
import { useAdminT } from '../i18n';
import { usePlatform } from '../platform';
import { useNotify } from '../ui/feedback';
import type { Period } from './period';

/**
 * The period's figures as CSV. The file is fetched through the platform's transport and saved from memory: the
 * desktop app's API calls carry its token only through that transport (a plain link would reach the server without
 * it), and a refusal becomes a message rather than a saved error page. The link's address is the CSV's own, for a
 * browser's "copy link" and "save link as".
 */
export function CsvLink({ period }: { period: Period }) {
  const t = useAdminT();
  const platform = usePlatform();
  const notify = useNotify();
  const path = insightsCsvPath(period);
  const name = `redaktion-insights-${period.from}-${period.to}.csv`;

  const save = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    try {
      const response = await platform.fetch(path, { method: 'GET', headers: { Accept: 'text/csv' } });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { error?: string; code?: string };
        throw new ApiError(response.status, body.error ?? response.statusText, body.code);
      }
      const url = URL.createObjectURL(await response.blob());
      const link = Object.assign(document.createElement('a'), { href: url, download: name });
      link.click();
      // The click has handed the file over; the next task may let it go.
      setTimeout(() => URL.revokeObjectURL(url));
    } catch (error) {
      notify.failure(t('insights.csvFailed'), error);
    }
  };

  return (
    <a className="button button-small button-ghost" href={`${platform.siteUrl}${path}`} download={name} onClick={(event) => void save(event)}>
      {t('insights.csv')}
    </a>
  );
}
