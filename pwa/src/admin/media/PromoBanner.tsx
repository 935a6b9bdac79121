import { useAdminT } from '../i18n';
import { SiteLink } from '../ui/SiteLink';

/**
 * The promo banner (admin-area.md §2 item 8): a title, a description and 'Explore Collection'. The spec's button
 * ignores its link; here it opens the reader page the banner speaks of (`path` on the site), in a new tab, so the
 * editor sees what readers see without leaving the dashboard. The desktop app opens such links in the system browser.
 */
export function PromoBanner({ title, description, path }: { title: string; description: string; path: string }) {
  const t = useAdminT();
  return (
    <aside className="admin-promo" aria-label={title}>
      <div>
        <h3>{title}</h3>
        <p>{description}</p>
      </div>
      <SiteLink className="button button-accent" path={path}>
        {t('promo.explore')}<span className="visually-hidden"> {t('promo.newTab')}</span>
      </SiteLink>
    </aside>
  );
}
