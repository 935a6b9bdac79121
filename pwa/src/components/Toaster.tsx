import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n';
import { useToasts } from '../state/toasts';

/** One toast at a time, 5 s, swipe right 50 px to dismiss, F8 focuses the region (reader-area.md §9). */
export function Toaster() {
  const { t } = useI18n();
  const current = useToasts((state) => state.current);
  const dismiss = useToasts((state) => state.dismiss);
  const region = useRef<HTMLDivElement>(null);
  const [startX, setStartX] = useState<number | null>(null);
  const [offset, setOffset] = useState(0);

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(dismiss, current.duration);
    return () => clearTimeout(timer);
  }, [current, dismiss]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section aria-label={`${t('toast.region')} (F8)`} className="toaster">
      {/* The live region is always in the page, so a toast that appears in it is announced; an error interrupts. */}
      <div ref={region} tabIndex={-1} className="toaster-list" role="status" aria-live={current?.variant === 'destructive' ? 'assertive' : 'polite'}>
        {current && (
          <div
            key={current.id}
            className={`toast toast-${current.variant}`}
            style={{ transform: `translateX(${offset}px)` }}
            onPointerDown={(event) => setStartX(event.clientX)}
            onPointerMove={(event) => { if (startX !== null) setOffset(Math.max(0, event.clientX - startX)); }}
            onPointerUp={() => {
              if (offset > 50) dismiss();
              setStartX(null);
              setOffset(0);
            }}
          >
            <div>
              <p className="toast-title">{current.title}</p>
              {current.description && <p className="toast-description">{current.description}</p>}
            </div>
            <button type="button" className="icon-button" onClick={dismiss} aria-label={t('toast.dismiss')}>×</button>
          </div>
        )}
      </div>
    </section>
  );
}
