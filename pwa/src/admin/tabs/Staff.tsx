import { QueryState } from '../ui/QueryState';
import { useState } from 'react';
import type { Journalist } from '@redaktion/shared';
import { useAdminQuery } from '../data';
import { JournalistForm } from '../catalogue/JournalistForm';
import { RowActions, useDeletion } from '../catalogue/parts';
import { useAdminT } from '../i18n';
import { useMediaSrc } from '../media/SingleFileUpload';
import { useAdminClient } from '../platform';
import { QUERY_KEYS, useChanged } from '../queries';
import { Dialog } from '../ui/Dialog';

/** Cards show at most this many expertise tags (admin-area.md §9). */
const TAGS_SHOWN = 3;

/** The Staff tab (admin-area.md §2): journalist cards with working edit and delete (contract.md §3), and Add Journalist. */
export function StaffTab() {
  const t = useAdminT();
  const admin = useAdminClient();
  const changed = useChanged();
  const mediaSrc = useMediaSrc();
  const query = useAdminQuery(QUERY_KEYS.journalists, admin.journalists.list);
  const [editing, setEditing] = useState<{ item?: Journalist } | null>(null);
  const deletion = useDeletion<Journalist>({
    remove: admin.journalists.remove, titleOf: (journalist) => journalist.name, after: () => changed('journalist'),
    success: t('staff.deleted'), failure: t('staff.deleteFailed'),
  });

  return (
    <section className="admin-section" aria-labelledby="staff-heading">
      <div className="admin-toolbar">
        <h2 id="staff-heading">{t('staff.heading')}</h2>
        <button type="button" className="button button-accent" onClick={() => setEditing({})}>{t('staff.add')}</button>
      </div>
      <QueryState query={query} empty={t('staff.empty')}>
        {(journalists) => (
          <ul className="admin-grid staff-grid">
            {journalists.map((journalist) => (
              <li key={journalist.id} className="admin-card staff-card">
                <div className="staff-card-head">
                  {journalist.profileImage
                    ? <img className="staff-photo" src={mediaSrc(journalist.profileImage)} alt="" />
                    : <span className="staff-photo staff-initial" aria-hidden="true">{journalist.name.charAt(0)}</span>}
                  <div>
                    <h3>{journalist.name}</h3>
                    {journalist.title && <p className="admin-row-meta">{journalist.title}</p>}
                  </div>
                </div>
                {journalist.specialty && <p className="staff-specialty">{journalist.specialty}</p>}
                <p className="admin-row-meta">
                  <span className={`admin-status admin-status-${journalist.status === 'inactive' ? 'draft' : 'published'}`}>
                    {t(`staff.status.${journalist.status}`)}
                  </span>
                  {journalist.expertise.slice(0, TAGS_SHOWN).map((tag) => <span key={tag} className="admin-tag">{tag}</span>)}
                </p>
                <RowActions title={journalist.name} onEdit={() => setEditing({ item: journalist })} onDelete={() => deletion.ask(journalist)} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <Dialog open={editing !== null} title={t(editing?.item ? 'staff.editTitle' : 'staff.addTitle')} onClose={() => setEditing(null)}>
        {editing && <JournalistForm journalist={editing.item} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />}
      </Dialog>
      {deletion.dialog}
    </section>
  );
}
