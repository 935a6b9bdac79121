import { Suspense, lazy, useEffect, useState } from 'react';
import type { Episode } from '@redaktion/shared';
import { afterFirstScreen } from '../services/idle';

const QueueButton = lazy(() => import('./QueueButton').then(({ QueueButton }) => ({ default: QueueButton })));

/**
 * An episode card's Up Next button. Cards are on the reader routes' first screens, whose script budget has no room for
 * Up Next: the button comes in a chunk of its own once the first screen is past (services/idle), at the card's corner,
 * where it moves nothing else on the page.
 */
export function CardQueueButton({ episode }: { episode: Pick<Episode, 'id' | 'title'> }) {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstScreen(() => setReady(true)), []);
  if (!ready) return null;
  return <div className="card-save"><Suspense fallback={null}><QueueButton episode={episode} compact /></Suspense></div>;
}
