import { useRef, useState, type FormEvent } from 'react';
import { offerInputSchema, SUBSCRIPTION_PLANS, type AdminOffer, type OfferDuration, type OfferKind, type SubscriptionPlan } from '@redaktion/shared';
import { useAdminQuery } from '../data';
import { useAdminT, type AdminT } from '../i18n';
import { useAdminClient } from '../platform';
import { QUERY_KEYS, useChanged } from '../queries';
import { useNotify } from '../ui/feedback';
import { NumberInput, Select, TextInput, useSchemaForm } from '../ui/form';
import { QueryState } from '../ui/QueryState';

/** What an offer gives, in the newsroom's words: "50 % off for 3 months", "14 days free". */
export function offerSummary(t: AdminT, offer: { kind: OfferKind; value: number; duration: OfferDuration; durationInMonths: number | null }): string {
  const gives = t(`offers.gives.${offer.kind}`, { value: offer.value });
  if (offer.kind === 'trial') return gives;
  return `${gives} ${t(`offers.for.${offer.duration}`, { months: offer.durationInMonths ?? 0 })}`;
}

/** The Offers tab (contract §9 [revenue] "Offers"): create campaign codes and trials, see their redemptions, archive them. */
export function OffersTab() {
  const t = useAdminT();
  const admin = useAdminClient();
  const offers = useAdminQuery(QUERY_KEYS.offers, admin.offers.list);
  return (
    <div className="admin-section">
      <div className="admin-toolbar"><h2>{t('offers.heading')}</h2></div>
      <p className="admin-subtitle">{t('offers.intro')}</p>
      <OfferForm />
      <QueryState query={offers} empty={t('offers.empty')}>
        {(items) => <ul className="admin-list">{items.map((offer) => <OfferRow key={offer.id} offer={offer} />)}</ul>}
      </QueryState>
    </div>
  );
}

const INITIAL = {
  code: '', name: '', kind: 'percent' as OfferKind, value: '' as number | string, duration: 'once' as OfferDuration, durationInMonths: 3 as number | string,
  plans: ['monthly', 'yearly'] as SubscriptionPlan[], expiresAt: '', maxRedemptions: '' as number | string,
};

function OfferForm() {
  const t = useAdminT();
  const admin = useAdminClient();
  const notify = useNotify();
  const changed = useChanged();
  const form = useSchemaForm(offerInputSchema, INITIAL);
  const { values, set, errors } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const trial = values.kind === 'trial';

  const create = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const created = await form.submit((body) => admin.offers.create(body), {
        value: values.value === '' ? undefined : values.value,
        duration: trial ? 'once' : values.duration,
        durationInMonths: !trial && values.duration === 'repeating' ? (values.durationInMonths === '' ? undefined : values.durationInMonths) : null,
        expiresAt: values.expiresAt ? new Date(values.expiresAt).toISOString() : null,
        maxRedemptions: values.maxRedemptions === '' ? null : values.maxRedemptions,
      });
      if (created === null) {
        // The schema refused: the keyboard goes to the first field it marked.
        requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
        return;
      }
      notify.success(t('offers.created'), created.code);
      form.reset();
      changed('offer');
    } catch (error) {
      notify.failure(t('offers.createFailed'), error);
    }
  };

  const togglePlan = (plan: SubscriptionPlan, on: boolean) =>
    set('plans', on ? [...values.plans, plan] : values.plans.filter((chosen) => chosen !== plan));

  return (
    <form ref={formRef} className="admin-card admin-form" noValidate aria-labelledby="offer-form-title" onSubmit={(event) => void create(event)}>
      <h3 id="offer-form-title">{t('offers.create')}</h3>
      {Object.keys(errors).length > 0 && <p role="alert" className="field-error">{t('offers.fixErrors')}</p>}
      <div className="admin-form-grid">
        <TextInput label={t('offers.code')} hint={t('offers.codeHint')} value={values.code} error={errors.code} onChange={(code) => set('code', code)} />
        <TextInput label={t('offers.name')} value={values.name} error={errors.name} onChange={(name) => set('name', name)} />
        <Select label={t('offers.kind')} value={values.kind} error={errors.kind} onChange={(kind) => set('kind', kind)}
          options={(['percent', 'amount', 'trial'] as const).map((kind) => ({ value: kind, label: t(`offers.kind.${kind}`) }))} />
        <NumberInput label={t(`offers.value.${values.kind}`)} value={values.value} min={1} error={errors.value} onChange={(value) => set('value', value)} />
        {!trial && (
          <Select label={t('offers.duration')} value={values.duration} error={errors.duration} onChange={(duration) => set('duration', duration)}
            options={(['once', 'repeating', 'forever'] as const).map((duration) => ({ value: duration, label: t(`offers.duration.${duration}`) }))} />
        )}
        {!trial && values.duration === 'repeating' && (
          <NumberInput label={t('offers.months')} value={values.durationInMonths} min={1} max={36} error={errors.durationInMonths}
            onChange={(months) => set('durationInMonths', months)} />
        )}
        <TextInput type="datetime-local" label={t('offers.expiresAt')} value={values.expiresAt} error={errors.expiresAt} onChange={(at) => set('expiresAt', at)} />
        <NumberInput label={t('offers.maxRedemptions')} value={values.maxRedemptions} min={1} error={errors.maxRedemptions}
          onChange={(max) => set('maxRedemptions', max)} />
      </div>
      <fieldset className="field" aria-describedby={errors.plans ? 'offer-plans-error' : undefined}>
        <legend>{t('offers.plans')}</legend>
        {SUBSCRIPTION_PLANS.map((plan) => (
          <label key={plan} className="checkbox-row">
            <input type="checkbox" checked={values.plans.includes(plan)} aria-invalid={errors.plans ? true : undefined}
              onChange={(event) => togglePlan(plan, event.target.checked)} />
            {' '}{t(`offers.plan.${plan}`)}
          </label>
        ))}
        {errors.plans && <p className="field-error" id="offer-plans-error">{t.message(errors.plans)}</p>}
      </fieldset>
      <div className="actions">
        <button type="submit" className="button button-accent" disabled={form.busy} aria-busy={form.busy}>{t('offers.save')}</button>
      </div>
    </form>
  );
}

function OfferRow({ offer }: { offer: AdminOffer }) {
  const t = useAdminT();
  const admin = useAdminClient();
  const notify = useNotify();
  const changed = useChanged();
  const [busy, setBusy] = useState(false);
  const archive = async () => {
    setBusy(true);
    try {
      await admin.offers.archive(offer.id);
      notify.success(t('offers.archivedDone'), offer.code);
      changed('offer');
    } catch (error) {
      notify.failure(t('offers.archiveFailed'), error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="admin-row">
      <div className="admin-row-body">
        <p className="admin-row-title">
          <code>{offer.code}</code> {offer.name}
          {!offer.active && <> <span className="admin-status admin-status-archived">{t('offers.archived')}</span></>}
        </p>
        <p className="admin-row-meta">
          <span>{offerSummary(t, offer)}</span>
          <span>{offer.plans.map((plan) => t(`offers.plan.${plan}`)).join(', ')}</span>
          <span>{offer.maxRedemptions === null ? t('offers.redemptions', { n: offer.redemptions }) : t('offers.redemptionsOf', { n: offer.redemptions, max: offer.maxRedemptions })}</span>
          {offer.expiresAt && <span>{t('offers.expires', { date: t.date(offer.expiresAt, { dateStyle: 'medium' }) })}</span>}
          {offer.active && <span>{t('offers.link')}: <code>/subscribe?offer={offer.code}</code></span>}
        </p>
      </div>
      {offer.active && (
        <div className="admin-row-actions">
          <button type="button" className="button button-small button-danger" disabled={busy} aria-busy={busy}
            aria-label={t('offers.archiveLabel', { code: offer.code })} onClick={() => void archive()}>
            {t('offers.archive')}
          </button>
        </div>
      )}
    </li>
  );
}
