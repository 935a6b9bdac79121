import { useEffect, useRef, useState } from 'react';
import { autosaveInputSchema, type AutosaveInput, type PresentEditor, type RevisionSummary } from '@redaktion/shared';
import { invalidate } from '../../data';
import { useAdminClient, usePlatform } from '../../platform';
import { revisionsKey } from './HistoryPanel';

/** How often the editor's changes are autosaved, and how often it says it still has the article open. */
export const AUTOSAVE_EVERY_MS = 5_000;
export const PRESENCE_EVERY_MS = 15_000;

/** The form's fields an autosave can carry: each one that is valid as it stands (a half-typed field waits). */
function autosaveBody(values: Record<string, unknown>): AutosaveInput {
  return Object.fromEntries(Object.entries(autosaveInputSchema.shape).flatMap(([name, field]) => {
    const parsed = field.safeParse(values[name]);
    return parsed.success && parsed.data !== undefined ? [[name, parsed.data]] : [];
  }));
}

/**
 * Autosaves the article every few seconds while its values differ from those last saved or autosaved (`saved`
 * is the last saved values: a save or a restore starts the comparison again). Null `articleId` does nothing.
 */
export function useAutosave(articleId: number | null, values: Record<string, unknown>, saved: Record<string, unknown>) {
  const admin = useAdminClient();
  const current = useRef(values);
  current.current = values;
  const sent = useRef(JSON.stringify(saved));
  useEffect(() => { sent.current = JSON.stringify(saved); }, [saved]);
  useEffect(() => {
    if (articleId === null) return;
    const timer = setInterval(() => {
      const now = JSON.stringify(current.current);
      if (now === sent.current) return;
      const before = sent.current;
      sent.current = now;
      admin.articleHistory.autosave(articleId, autosaveBody(current.current)).then(
        () => invalidate(revisionsKey(articleId)),
        // Tried again on the next tick, unless the text changes again first.
        () => { if (sent.current === now) sent.current = before; },
      );
    }, AUTOSAVE_EVERY_MS);
    return () => clearInterval(timer);
  }, [admin, articleId]);
}

/** While `unsaved`, leaving the page (reload, closing the window) asks first. */
export function useLeaveGuard(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
}

/** Says the editor has the article open while it does, and answers the other editors who have it open too. */
export function usePresence(articleId: number | null): PresentEditor[] {
  const admin = useAdminClient();
  const [others, setOthers] = useState<PresentEditor[]>([]);
  useEffect(() => {
    if (articleId === null) return;
    let open = true;
    const beat = () => admin.articleHistory.present(articleId).then((editors) => { if (open) setOthers(editors); }, () => undefined);
    void beat();
    const timer = setInterval(beat, PRESENCE_EVERY_MS);
    return () => {
      open = false;
      clearInterval(timer);
      admin.articleHistory.leave(articleId).catch(() => undefined);
    };
  }, [admin, articleId]);
  return others;
}

/**
 * On opening an article: this editor's autosave newer than the last save (a reload or a crash came between),
 * which the form offers to bring back. Null when there is none or it was dismissed.
 */
export function useAutosaveOffer(article: { id: number; updatedAt: string } | null) {
  const admin = useAdminClient();
  const { user } = usePlatform();
  const [offer, setOffer] = useState<RevisionSummary | null>(null);
  const articleId = article?.id ?? null;
  const updatedAt = article?.updatedAt;
  useEffect(() => {
    if (articleId === null || !user) return;
    let open = true;
    admin.articleHistory.revisions(articleId).then(([newest]) => {
      if (open && newest?.kind === 'autosave' && newest.author.id === user.id && Date.parse(newest.createdAt) > Date.parse(updatedAt ?? '')) {
        setOffer(newest);
      }
    }, () => undefined);
    return () => { open = false; };
  }, [admin, articleId, updatedAt, user]);
  return { offer, dismiss: () => setOffer(null) };
}
