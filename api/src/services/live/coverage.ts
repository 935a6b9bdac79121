import { ERROR_CODES, type ArticleInput, type ContentStatus } from '@redaktion/shared';
import type { ArticleRow } from '../../db/rows.js';
import { nowIso, toIso } from '../../db/values.js';
import { HttpError } from '../../errors.js';

/** What a save of the article form sets of its live coverage (contract §9 [live]). */
export type CoverageColumns = Pick<ArticleRow, 'kind' | 'liveStatus' | 'coverageStartTime' | 'coverageEndTime' | 'liveSeq' | 'liveStatusSeq'>;

/**
 * The coverage after a save of the article form, on the row it replaces (locked by the saving transaction):
 * - `kind` and `liveStatus` left out keep what the article had (a client that predates live coverage changes nothing);
 * - making an article live starts its coverage as `live`; it begins when the article is first public as live;
 * - `ended` freezes it and stamps the end; `live` again (an editor's mistake undone) reopens it;
 * - a change of status takes the next number of the article's sequence, so that readers' streams and cursors hear it.
 */
export function coverageColumns(input: Pick<ArticleInput, 'kind' | 'liveStatus'>, existing: ArticleRow | undefined,
  status: ContentStatus, publishedAt: string | null): CoverageColumns {
  const kind = input.kind ?? existing?.kind ?? 'article';
  const seq = existing?.liveSeq ?? 0;
  const statusSeq = existing?.liveStatusSeq ?? 0;
  if (kind === 'article') {
    if (input.liveStatus) {
      const message = 'Only a live article has a coverage status';
      throw new HttpError(400, message, ERROR_CODES.validation, [{ path: 'liveStatus', message }]);
    }
    return { kind, liveStatus: null, coverageStartTime: null, coverageEndTime: null, liveSeq: seq, liveStatusSeq: statusSeq };
  }
  const before = existing?.kind === 'live' ? existing.liveStatus : null;
  const liveStatus = input.liveStatus ?? before ?? 'live';
  const now = nowIso();
  const started = toIso(existing?.kind === 'live' ? existing.coverageStartTime : null);
  // Public now or at its scheduled time, whichever is later: an article made live long after it was published began now.
  const start = started ?? (status === 'published' && publishedAt ? (publishedAt > now ? publishedAt : now) : null);
  const changed = before !== null && before !== liveStatus;
  return {
    kind,
    liveStatus,
    coverageStartTime: start,
    coverageEndTime: liveStatus === 'ended' ? (changed || !existing?.coverageEndTime ? now : toIso(existing.coverageEndTime)) : null,
    liveSeq: changed ? seq + 1 : seq,
    liveStatusSeq: changed ? seq + 1 : statusSeq,
  };
}
