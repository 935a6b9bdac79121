import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Episode } from '@redaktion/shared';
import { apiPaths } from '@redaktion/shared/client';
import { displayMinutes } from '@redaktion/shared/time';
import { useServices } from '../services/context';
import { useApi, useApiCache } from '../data/api-cache';
import { useI18n } from '../i18n';
import { upNextText, type UpNextText } from '../i18n/up-next';
import { editUpNext, followQueue, toggleUpNext, useUpNext } from '../offline/up-next';
import { Loading, Picture } from './cards';

function Row({ id, text, onRemove }: { id: number; text: UpNextText; onRemove: (id: number) => void }) {
  const { t } = useI18n();
  const { data: episode, error } = useApi(apiPaths.podcast(id));
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  // One taken down since it was queued can still be taken off.
  const title = episode?.title ?? (error ? t('episode.notFound') : '…');
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }} className={`up-next-item${isDragging ? ' is-dragging' : ''}`}>
      <button type="button" ref={setActivatorNodeRef} className="icon-button up-next-handle" {...attributes} {...listeners} aria-label={text.move(title)}>
        <span aria-hidden="true">⠿</span>
      </button>
      <Picture src={episode?.imageUrl ?? null} alt="" width={48} height={48} className="up-next-cover" />
      <div className="up-next-text">
        <Link to={`/podcast/${id}`} className="up-next-title">{title}</Link>
        {episode && (
          <span className="up-next-meta">
            {t('common.minutes', { n: displayMinutes(episode.duration) })}{episode.locked && ` · ${text.locked}`}
          </span>
        )}
      </div>
      <button type="button" className="icon-button" onClick={() => onRemove(id)} aria-label={text.removeLabel(title)}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

/**
 * Up Next (contract §9 [listen]): the queued episodes in order, each with its cover, title and length, taken off with
 * ×, and put in another order by dragging or by keyboard (dnd-kit: Space lifts, the arrows move, Space drops), with
 * every move told to screen readers. The player opens it, and the dashboard's podcasts page shows it.
 */
export default function UpNextList() {
  const services = useServices();
  const cache = useApiCache();
  const { locale } = useI18n();
  const text = upNextText(locale);
  const { ids, read } = useUpNext();
  // A move shows at once; the order written to the device replaces it as it comes back.
  const [moved, setMoved] = useState<readonly number[] | null>(null);
  const box = useRef<HTMLDivElement>(null);
  // Where the lifted episode was last over: dnd-kit reports the place it starts from too, which is no move to announce.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  useEffect(() => {
    if (services.device) void followQueue(services.device).catch(() => undefined);
  }, [services.device]);
  useEffect(() => setMoved(null), [ids]);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const order = moved ?? ids;
  const titleOf = (id: UniqueIdentifier) => (cache.get(apiPaths.podcast(id))?.data as Episode | undefined)?.title ?? String(id);
  const placeOf = (id: UniqueIdentifier) => order.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return text.pickedUp(titleOf(active.id), placeOf(active.id), order.length);
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return text.movedTo(titleOf(active.id), placeOf(over.id), order.length);
    },
    onDragEnd: ({ active, over }) => (over ? text.dropped(titleOf(active.id), placeOf(over.id), order.length) : undefined),
    onDragCancel: ({ active }) => text.cancelled(titleOf(active.id)),
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const [id, to] = [Number(active.id), order.indexOf(Number(over.id))];
    setMoved(arrayMove([...order], order.indexOf(id), to));
    // Only this episode moves, in the queue as the device has it by then.
    void editUpNext(services, (ids) => (ids.includes(id) ? arrayMove(ids, ids.indexOf(id), to) : ids)).catch(() => setMoved(null));
  }

  function remove(id: number) {
    // The row and its button go: the keyboard stays in Up Next rather than falling back to the top of the page.
    box.current?.focus();
    void toggleUpNext(services, id, true, locale);
  }

  return (
    <div ref={box} className="up-next" tabIndex={-1}>
      {!read ? <Loading /> : !order.length ? <p className="empty">{text.empty}</p> : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: text.instructions } }}>
          <SortableContext items={[...order]} strategy={verticalListSortingStrategy}>
            <ol className="up-next-list" aria-label={text.title}>
              {order.map((id) => <Row key={id} id={id} text={text} onRemove={remove} />)}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </div>
  );
}
