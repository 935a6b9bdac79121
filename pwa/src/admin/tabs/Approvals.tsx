import { useId, useState, type FormEvent } from 'react';
import type { PendingApproval } from '@redaktion/shared/admin-client';
import { QUERY_KEYS, useChanged } from '../queries';
import { QueryState } from '../ui/QueryState';
import { useAdminQuery } from '../data';
import { useAdminT } from '../i18n';
import { useAdminClient } from '../platform';
import { Dialog } from '../ui/Dialog';
import { failureText, useNotify } from '../ui/feedback';
import { TextArea } from '../ui/form';

type Decision = 'approved' | 'rejected';

/**
 * The Approvals tab: what was submitted for review, oldest first. Approving publishes the item; rejecting
 * sends it back to draft with an optional comment. The tab badge shares this read, so it follows.
 */
export function ApprovalsTab() {
  const t = useAdminT();
  const notify = useNotify();
  const admin = useAdminClient();
  const pending = useAdminQuery(QUERY_KEYS.approvals, admin.approvals.pending);
  const contentChanged = useChanged();
  const [deciding, setDeciding] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<PendingApproval | null>(null);

  const decide = async (item: PendingApproval, status: Decision, comments?: string) => {
    setDeciding(item.id);
    try {
      await admin.approvals.decide(item.id, status, comments);
      notify.success(t('approvals.updated'));
      setRejecting(null);
      contentChanged(item.contentType);
    } catch (error) {
      notify.error(t('approvals.failed'), failureText(error, t('approvals.failed'), t));
    } finally {
      setDeciding(null);
    }
  };

  return (
    <div className="admin-section">
      <div className="admin-toolbar"><h2>{t('approvals.heading')}</h2></div>
      <QueryState query={pending} empty={t('approvals.empty')}>
        {(items) => (
          <ul className="admin-grid">
            {items.map((item) => (
              <li key={item.id} className="admin-card admin-approval">
                <span className="admin-tag">{t(`approvals.type.${item.contentType}`)}</span>
                <h3>{item.title}</h3>
                <p className="admin-row-meta">{t('approvals.submittedBy', { name: item.submittedByName ?? t('approvals.unknownSubmitter') })}</p>
                <p className="admin-row-meta">
                  {t('approvals.submittedAt', { date: t.date(item.submittedAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
                </p>
                <div className="admin-form-actions">
                  <button type="button" className="button button-small button-ghost" disabled={deciding === item.id}
                    aria-label={t('approvals.rejectLabel', { title: item.title })} onClick={() => setRejecting(item)}>
                    {t('approvals.reject')}
                  </button>
                  <button type="button" className="button button-small" disabled={deciding === item.id}
                    aria-label={t('approvals.approveLabel', { title: item.title })} onClick={() => void decide(item, 'approved')}>
                    {t('approvals.approve')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {rejecting && (
        <RejectDialog item={rejecting} busy={deciding === rejecting.id} onClose={() => setRejecting(null)}
          onReject={(comments) => void decide(rejecting, 'rejected', comments)} />
      )}
    </div>
  );
}

function RejectDialog({ item, busy, onClose, onReject }: {
  item: PendingApproval; busy: boolean; onClose(): void; onReject(comments: string | undefined): void;
}) {
  const t = useAdminT();
  const textId = useId();
  const [comments, setComments] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onReject(comments.trim() || undefined);
  };
  return (
    <Dialog open title={t('approvals.rejectTitle', { title: item.title })} onClose={onClose}>
      <form className="admin-form" noValidate onSubmit={submit} aria-describedby={textId}>
        <p id={textId}>{t('approvals.rejectText')}</p>
        <TextArea label={t('approvals.comment')} rows={3} value={comments} onChange={setComments} disabled={busy} />
        <div className="admin-form-actions">
          <button type="button" className="button button-ghost" onClick={onClose} disabled={busy}>{t('common.cancel')}</button>
          <button type="submit" className="button button-danger" disabled={busy}>{t('approvals.reject')}</button>
        </div>
      </form>
    </Dialog>
  );
}
