import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Article } from '@redaktion/shared';
import { apiPaths } from '@redaktion/shared/client';
import { useServices, useSession } from '../../services/context';
import { Loading, Picture } from '../../components/cards';
import { formatDate, useI18n } from '../../i18n';
import { libraryText } from '../../i18n/library';
import { sendable } from '../../offline/library-sync';
import { useDeviceQuery } from '../../offline/live';
import { removeSaved } from '../../offline/saved';
import { toast } from '../../state/toasts';
import { listedKey, type DeviceDb, type SavedItem } from '../../device/db';
import { DashboardPage } from './layout';


interface ReadingListRows {
  /** What this device keeps: saved articles and profiles, newest first. */
  kept: SavedItem[];
  /** Articles the account lists that this device does not keep (yet): the sync brings them when it can. */
  elsewhere: number[];
}

/**
 * The device's list, and for a signed-in reader the account's articles it lacks. An article this device removed stays
 * on the account's last list until the server hears of it: its waiting removal leaves it out here at once.
 */
async function readingList(db: DeviceDb, userId: number | undefined): Promise<ReadingListRows> {
  const kept = await db.saved.orderBy('savedAt').reverse().toArray();
  if (userId === undefined) return { kept, elsewhere: [] };
  const [listed, waiting] = await Promise.all([db.meta.get(listedKey(userId)), db.changes.toArray()]);
  const here = new Set(kept.filter((item) => item.kind === 'article').map((item) => item.id));
  const removed = new Set(sendable(waiting, userId).flatMap(({ change }) => (change.type === 'unsave' ? [change.articleId] : [])));
  const ids = (listed?.value as { readingList?: number[] } | undefined)?.readingList ?? [];
  return { kept, elsewhere: ids.filter((id) => !here.has(id) && !removed.has(id)) };
}

/**
 * The reading list (contract.md §7, §9 [listen]): what this device keeps, signed in or not, online or not; signed in,
 * also what the account saved on other devices, each marked as kept here or not yet. An article not kept here opens as
 * any article does, and the sync keeps it here when the network allows.
 */
export function ReadingList() {
  const { t, locale } = useI18n();
  const text = libraryText(locale);
  const { user } = useSession();
  const services = useServices();
  const rows = useDeviceQuery((db) => readingList(db, user?.id), [user?.id]);
  const remove = (kind: SavedItem['kind'], id: number) => void removeSaved(services, kind, id).then(() => toast(t('save.removed')));
  return (
    <DashboardPage title={t('dashboard.readingList')} intro={t('dashboard.readingListText')}>
      {!rows ? <Loading /> : !rows.kept.length && !rows.elsewhere.length ? (
        <p className="empty">{t('reading.empty')}</p>
      ) : (
        <ul className="saved-list">
          {rows.elsewhere.map((id) => <NotKeptArticle key={id} id={id} onRemove={() => remove('article', id)} />)}
          {rows.kept.map((item) => {
            const href = item.kind === 'article' ? `/article/${item.id}` : `/people/${item.id}`;
            return (
              <li key={item.key} className="saved-item">
                <Picture src={item.imageUrl} alt="" width={160} height={90} className="saved-thumb" />
                <div className="saved-body">
                  {item.kind === 'profile' && <p className="eyebrow">{t('reading.profile')}</p>}
                  <h2 className="saved-title"><Link to={href}>{item.title}</Link></h2>
                  <p className="muted saved-excerpt">{item.excerpt}</p>
                  <p className="meta">
                    {item.byline} · {t('reading.savedOn', { date: formatDate(new Date(item.savedAt).toISOString(), locale, { dateStyle: 'medium' }) })}
                    {user && <> · <span className="library-mark library-mark-kept">{text.kept}</span></>}
                  </p>
                </div>
                <button type="button" className="button button-ghost" aria-label={t('reading.remove', { title: item.title })}
                  onClick={() => remove(item.kind, item.id)}>
                  {t('common.remove')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </DashboardPage>
  );
}

/**
 * An article the account lists that this device does not keep: named by the device's copy of it when there is one,
 * else by a background read, which spends none of the reader's metered reads and stays out of the shared cache (the
 * article's page reads it for itself). Offline and never seen, it is named for what it is.
 */
function NotKeptArticle({ id, onRemove }: { id: number; onRemove: () => void }) {
  const { t, locale } = useI18n();
  const text = libraryText(locale);
  const { api } = useServices();
  const path = apiPaths.article(id);
  const stored = useDeviceQuery(async (db) => ((await db.responses.get(path))?.data as Article | undefined) ?? null, [path]);
  const [read, setRead] = useState<Article | null>(null);
  useEffect(() => {
    if (stored !== null) return;
    let current = true;
    api.refresh(path).then((article) => { if (current) setRead(article); }, () => undefined);
    return () => { current = false; };
  }, [api, path, stored]);
  const article = stored ?? read;
  const title = article?.title ?? text.unnamedArticle;
  return (
    <li className="saved-item saved-item-elsewhere">
      <Picture src={article?.imageUrl ?? null} alt="" width={160} height={90} className="saved-thumb" />
      <div className="saved-body">
        <h2 className="saved-title"><Link to={`/article/${id}`}>{title}</Link></h2>
        {article && <p className="muted saved-excerpt">{article.excerpt}</p>}
        <p className="meta">
          {article && <>{article.author} · </>}
          <span className="library-mark library-mark-elsewhere">{text.notKept}</span>
        </p>
        <p className="meta">{text.notKeptHint}</p>
      </div>
      <button type="button" className="button button-ghost" aria-label={t('reading.remove', { title })} onClick={onRemove}>
        {t('common.remove')}
      </button>
    </li>
  );
}
