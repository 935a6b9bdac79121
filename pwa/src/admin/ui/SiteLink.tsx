import type { ReactNode } from 'react';
import { usePlatform } from '../platform';

/**
 * A link to a reader page of the site: a real href (copy, middle-click), but a click goes through the platform,
 * so that the desktop app opens it in the system browser instead of inside its own window.
 */
export function SiteLink({ path, className, label, children }: { path: string; className?: string; label?: string; children: ReactNode }) {
  const platform = usePlatform();
  const href = `${platform.siteUrl}${path}`;
  return (
    <a href={href} className={className} aria-label={label} target="_blank" rel="noopener noreferrer"
      onClick={(event) => { event.preventDefault(); platform.openExternal(href); }}>
      {children}
    </a>
  );
}

/** A link that leaves the admin for a reader page: the browser goes there in this tab, the desktop app opens it outside. */
export function ReaderPageLink({ path, className, children }: { path: string; className?: string; children: ReactNode }) {
  const platform = usePlatform();
  return (
    <a href={`${platform.siteUrl}${path}`} className={className}
      onClick={(event) => { event.preventDefault(); platform.openReaderPage(path); }}>
      {children}
    </a>
  );
}
