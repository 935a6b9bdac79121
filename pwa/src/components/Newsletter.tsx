import { useState } from 'react';
import { ApiError, apiPaths } from '@redaktion/shared/client';
import { useServices } from '../services/context';
import { useApi } from '../data/api-cache';
import { LOCALE_TAGS, useI18n } from '../i18n';
import type { MessageKey } from '../i18n/en';
import { AdSlot } from './AdSlot';
import { formValues } from './form-values';

type FormState = { step: 'idle' | 'sending' | 'sent' } | { step: 'error'; message: MessageKey };

const failure = (error: unknown): MessageKey =>
  error instanceof ApiError ? (error.status === 400 ? 'newsletter.invalid' : error.status === 429 ? 'newsletter.tooMany' : 'newsletter.failed')
    : 'offline.needsNetwork';

/**
 * The newsletter sign-up of the footer and the home page (double opt-in, contract.md §8): the address goes to the
 * server, which e-mails a confirmation link; the form says so, or why it did not work.
 */
export function NewsletterForm({ id, buttonClass = 'button' }: { id: string; buttonClass?: string }) {
  const { t, locale } = useI18n();
  const { api } = useServices();
  const [state, setState] = useState<FormState>({ step: 'idle' });
  const errorId = `${id}-error`;
  return (
    <form className="inline-form newsletter-form" noValidate onSubmit={(event) => {
      event.preventDefault();
      const form = event.currentTarget;
      const email = formValues(event, ['email']).email.trim();
      if (!email) {
        setState({ step: 'error', message: 'newsletter.invalid' });
        return;
      }
      setState({ step: 'sending' });
      api.signUpForNewsletter(email, locale).then(() => {
        setState({ step: 'sent' });
        form.reset();
      }, (error: unknown) => setState({ step: 'error', message: failure(error) }));
    }}>
      <label htmlFor={id} className="visually-hidden">{t('footer.email')}</label>
      <input id={id} name="email" type="email" autoComplete="email"
        placeholder={t('footer.email')} aria-invalid={state.step === 'error' && state.message === 'newsletter.invalid'}
        aria-describedby={state.step === 'error' ? errorId : undefined} />
      <button type="submit" className={buttonClass} disabled={state.step === 'sending'}>
        {state.step === 'sending' ? t('newsletter.sending') : t('footer.subscribe')}
      </button>
      {/* Always present, so that what happened is announced. */}
      <p className="newsletter-status" role="status">{state.step === 'sent' ? t('newsletter.sent') : ''}</p>
      {state.step === 'error' && <p id={errorId} className="field-error newsletter-error" role="alert">{t(state.message)}</p>}
    </form>
  );
}

/** The real number of confirmed subscribers, or nothing while there are none (no invented counts). */
export function NewsletterReach() {
  const { t, locale } = useI18n();
  const reach = useApi(apiPaths.newsletterReach);
  const count = reach.data?.confirmed ?? 0;
  if (count === 0) return null;
  return <p className="newsletter-reach">{count === 1 ? t('newsletter.readersOne') : t('newsletter.readers', { count: count.toLocaleString(LOCALE_TAGS[locale]) })}</p>;
}

export function Newsletter() {
  const { t } = useI18n();
  return (
    <section className="newsletter" aria-labelledby="newsletter-title">
      <h2 id="newsletter-title">{t('newsletter.title')}</h2>
      <p>{t('newsletter.text')}</p>
      <NewsletterReach />
      <NewsletterForm id="newsletter-email" buttonClass="button button-accent" />
      <AdSlot placement="newsletter" viewKey="newsletter" />
    </section>
  );
}
