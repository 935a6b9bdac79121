import { useAdminQuery } from '../data';
import { JournalistForm } from '../catalogue/JournalistForm';
import { useAdminT } from '../i18n';
import { useMediaSrc } from '../media/SingleFileUpload';
import { useAdminClient } from '../platform';
import { QUERY_KEYS } from '../queries';
import { ResourceList } from '../ui/ResourceList';

/** Cards show at most this many expertise tags (admin-area.md §9). */
const TAGS_SHOWN = 3;

/** The Staff tab (admin-area.md §2): journalist cards with working edit and delete (contract.md §3), and Add Journalist. */
export function StaffTab() {
  const t = useAdminT();
  const admin = useAdminClient();
  const mediaSrc = useMediaSrc();
  const query = useAdminQuery(QUERY_KEYS.journalists, admin.journalists.list);

  return (
    <ResourceList id="staff-heading" heading={t('staff.heading')} query={query} empty={t('staff.empty')} cards="staff-card"
      edit={{
        create: t('staff.add'), title: (journalist) => t(journalist ? 'staff.editTitle' : 'staff.addTitle'),
        form: (journalist, close) => <JournalistForm journalist={journalist} onDone={close} onCancel={close} />,
        nameOf: (journalist) => journalist.name, remove: admin.journalists.remove,
        deleted: t('staff.deleted'), deleteFailed: t('staff.deleteFailed'), changes: 'journalist',
      }}
      row={(journalist) => (
        <>
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
        </>
      )} />
  );
}
