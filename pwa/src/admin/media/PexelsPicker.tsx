import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ERROR_CODES } from '@redaktion/shared';
import { ApiError } from '@redaktion/shared/client';
import type { StockPhoto } from '@redaktion/shared/admin-client';
import { useAdminT } from '../i18n';
import { useAdminClient } from '../platform';
import { Dialog } from '../ui/Dialog';
import { failureText, useNotify } from '../ui/feedback';

/** 'Select Photo from Pexels' (admin-area.md §2 item 5). */
export interface PickedPhoto { url: string; alt: string; credit: string }
export interface PexelsPickerProps {
  open: boolean;
  onClose(): void;
  /** Called once the chosen photo is saved on our server: its local URL, alt text and photographer credit. */
  onSelect(photo: PickedPhoto): void;
}

export function PexelsPicker({ open, onClose, onSelect }: PexelsPickerProps) {
  const t = useAdminT();
  const notify = useNotify();
  return (
    <Dialog open={open} title={t('photos.title')} onClose={onClose} wide>
      <StockPhotoBrowser emptySearchTitle={t('photos.searchRequired')} onSaved={(photo) => {
        notify.success(t('photos.attached'));
        onSelect(photo);
        onClose();
      }} />
    </Dialog>
  );
}

type Listing = { kind: 'curated' } | { kind: 'search'; query: string };

/**
 * Pexels browsing: the curated collection first, a search, and a grid of 2 to 5 columns. Choosing a photo saves it
 * into our uploads (contract.md §3: remote photo URLs are not kept); while one is saving, other choices are ignored.
 * Used by the picker dialog and by the AI generator's stock-photo tab, which differ only in their words (admin-area.md §8):
 * the generator titles a failed save 'Save Failed' (`saveFailedTitle`) and says when a choice starts (`onChoose`).
 */
export function StockPhotoBrowser({ emptySearchTitle, saveFailedTitle, onChoose, onSaved }: {
  emptySearchTitle: string; saveFailedTitle?: string; onChoose?(photo: StockPhoto): void; onSaved(photo: PickedPhoto): void;
}) {
  const t = useAdminT();
  const notify = useNotify();
  const admin = useAdminClient();
  const [query, setQuery] = useState('');
  const [listing, setListing] = useState<Listing>({ kind: 'curated' });
  const [photos, setPhotos] = useState<StockPhoto[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [savingId, setSavingId] = useState<number | null>(null);
  // A ref, not state: two clicks in one frame must not both start a save.
  const saving = useRef(false);
  const request = useRef(0);
  const queryId = useId();

  const load = useCallback((next: Listing) => {
    const id = (request.current += 1);
    setListing(next);
    setPhotos(null);
    setLoadError(null);
    (next.kind === 'curated' ? admin.pexels.curated() : admin.pexels.search(next.query)).then(
      (answer) => { if (id === request.current) setPhotos(answer.photos); },
      (error: unknown) => { if (id === request.current) setLoadError(error); },
    );
  }, [admin]);

  useEffect(() => load({ kind: 'curated' }), [load]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const term = query.trim();
    if (!term) {
      notify.error(emptySearchTitle, t('photos.searchRequiredText'));
      return;
    }
    load({ kind: 'search', query: term });
  };

  const refresh = () => {
    setQuery('');
    load({ kind: 'curated' });
  };

  const choose = async (photo: StockPhoto) => {
    if (saving.current) return;
    saving.current = true;
    setSavingId(photo.id);
    onChoose?.(photo);
    try {
      const { localUrl } = await admin.pexels.save(photo);
      if (!localUrl) {
        notify.error(t('photos.noUrl'));
        return;
      }
      onSaved({ url: localUrl, alt: photo.alt, credit: t('photos.credit', { name: photo.photographer }) });
    } catch (error) {
      if (saveFailedTitle) notify.error(saveFailedTitle, failureText(error, t('photos.saveFailed'), t));
      else notify.failure(t('photos.saveFailed'), error);
    } finally {
      saving.current = false;
      setSavingId(null);
    }
  };

  const notConfigured = loadError instanceof ApiError && loadError.code === ERROR_CODES.notConfigured;
  return (
    <div className="stock-photos">
      <form className="stock-photos-search" role="search" noValidate onSubmit={search}>
        <label htmlFor={queryId} className="visually-hidden">{t('photos.searchLabel')}</label>
        <input id={queryId} type="search" value={query} placeholder={t('photos.searchPlaceholder')}
          onChange={(event) => setQuery(event.target.value)} />
        <button type="submit" className="button button-accent">{t('photos.search')}</button>
        <button type="button" className="button button-ghost" onClick={refresh}>{t('photos.refresh')}</button>
      </form>
      {notConfigured ? (
        <p className="admin-notice" role="alert">{t('photos.notConfigured')}</p>
      ) : loadError ? (
        <p className="error-note" role="alert">{t('photos.loadFailed', { reason: failureText(loadError, t('common.loadFailed'), t) })}</p>
      ) : photos === null ? (
        <p role="status">{t('common.loading')}</p>
      ) : photos.length === 0 ? (
        <p className="empty">{listing.kind === 'search' ? t('photos.noResults', { q: listing.query }) : t('photos.noCurated')}</p>
      ) : (
        <>
          <h3 className="stock-photos-heading">{listing.kind === 'search' ? t('photos.resultsFor', { q: listing.query }) : t('photos.curated')}</h3>
          <ul className="photo-grid" aria-busy={savingId !== null}>
            {photos.map((photo) => (
              <li key={photo.id}>
                <button type="button" onClick={() => void choose(photo)} aria-disabled={savingId !== null}
                  aria-label={t('photos.choose', { name: photo.photographer, alt: photo.alt || t('photos.untitled') })}>
                  <img src={photo.src.medium} alt="" loading="lazy" />
                  <span className="photo-credit">{savingId === photo.id ? t('photos.saving') : t('photos.by', { name: photo.photographer })}</span>
                </button>
              </li>
            ))}
          </ul>
          <p className="field-hint">{t('photos.poweredBy')}</p>
        </>
      )}
    </div>
  );
}
