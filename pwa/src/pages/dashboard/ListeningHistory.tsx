import { Link } from 'react-router-dom';
import { apiPaths } from '@redaktion/shared/client';
import { displayMinutes, secondsToMinutes } from '@redaktion/shared/time';
import { Loading, Picture } from '../../components/cards';
import { useApi } from '../../data/api-cache';
import { useI18n } from '../../i18n';
import { libraryText } from '../../i18n/library';
import { useDeviceQuery } from '../../offline/live';
import type { Download, Position } from '../../device/db';

/** How many of the latest episodes the history shows. */
const HISTORY_SHOWN = 20;

/** What the history names an episode by: its download on this device, else its API answer. */
interface Named { title: string; imageUrl: string | null; duration: number }

/**
 * The episodes listened to on any of the reader's devices (their positions, which the sync brings here), the most
 * recently played first, each with how far the reader got. An episode only opened (nothing heard) is not in it.
 */
export function ListeningHistory() {
  const { locale } = useI18n();
  const text = libraryText(locale);
  const history = useDeviceQuery(async (db) => {
    const positions = await db.positions.toArray();
    const heard = positions.filter((position) => position.time > 0 || position.finished)
      .sort((a, b) => b.updatedAt - a.updatedAt).slice(0, HISTORY_SHOWN);
    const downloads = await db.downloads.bulkGet(heard.map((position) => position.id));
    return heard.map((position, i) => ({ position, download: downloads[i] }));
  }, []);
  if (!history) return <Loading />;
  if (!history.length) return <p className="empty">{text.historyEmpty}</p>;
  return (
    <ul className="saved-list">
      {history.map(({ position, download }) => <HistoryItem key={position.id} position={position} download={download} />)}
    </ul>
  );
}

/**
 * One episode heard. A downloaded one is named from the device; another from its API answer (the device's copy when
 * offline): one that cannot be named (offline and never seen here, or gone from the site) is left out.
 */
function HistoryItem({ position, download }: { position: Position; download: Download | undefined }) {
  const { locale } = useI18n();
  const text = libraryText(locale);
  const episode = useApi(download ? null : apiPaths.podcast(position.id)).data;
  const named: Named | undefined = download ?? episode;
  if (!named) return null;
  const heard = position.finished ? named.duration : Math.min(position.time, named.duration);
  const progress = position.finished ? text.finished : text.heard(secondsToMinutes(heard), displayMinutes(named.duration));
  return (
    <li className="saved-item library-history-item">
      <Picture src={named.imageUrl} alt="" width={90} height={90} className="saved-thumb saved-thumb-square" />
      <div className="saved-body">
        <h3 className="saved-title"><Link to={`/podcast/${position.id}`}>{named.title}</Link></h3>
        <p className="meta library-progress">
          <progress max={named.duration || 1} value={heard} aria-label={`${named.title}: ${progress}`} />
          <span aria-hidden="true">{progress}</span>
        </p>
      </div>
    </li>
  );
}
