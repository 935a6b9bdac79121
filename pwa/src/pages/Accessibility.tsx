import { apiPaths } from '@redaktion/shared/client';
import { useApi } from '../data/api-cache';
import { useI18n } from '../i18n';
import { SUPERVISOR_URL, statement } from '../i18n/accessibility';

/** The accessibility statement at /tillganglighet and /accessibility (contract §9 [revenue]), in the reader's language. */
export default function Accessibility() {
  const { locale } = useI18n();
  const text = statement[locale];
  // ACCESSIBILITY_CONTACT (else MAIL_FROM's address), from the configuration every page is rendered with.
  const contact = useApi(apiPaths.config).data?.site.accessibilityContact;
  return (
    <article className="container prose">
      <h1>{text.title}</h1>
      <p>{text.intro}</p>
      <section aria-labelledby="statement-compliance">
        <h2 id="statement-compliance">{text.compliance.heading}</h2>
        <p>{text.compliance.text}</p>
      </section>
      <section aria-labelledby="statement-shortcomings">
        <h2 id="statement-shortcomings">{text.shortcomings.heading}</h2>
        <p>{text.shortcomings.intro}</p>
        <ul>{text.shortcomings.items.map((item) => <li key={item.slice(0, 40)}>{item}</li>)}</ul>
      </section>
      <section aria-labelledby="statement-report">
        <h2 id="statement-report">{text.report.heading}</h2>
        <p>{contact ? <>{text.report.before}<a href={`mailto:${contact}`}>{contact}</a>{text.report.after}</> : text.report.noContact}</p>
      </section>
      <section aria-labelledby="statement-supervision">
        <h2 id="statement-supervision">{text.supervision.heading}</h2>
        <p>{text.supervision.text}</p>
        <p><a href={SUPERVISOR_URL} rel="noopener">{text.supervision.link}</a></p>
      </section>
      <section aria-labelledby="statement-testing">
        <h2 id="statement-testing">{text.testing.heading}</h2>
        <p>{text.testing.intro}</p>
        <ul>{text.testing.items.map((item) => <li key={item.slice(0, 40)}>{item}</li>)}</ul>
        <p>{text.testing.limits}</p>
      </section>
      <section aria-labelledby="statement-date">
        <h2 id="statement-date">{text.date.heading}</h2>
        <p>{text.date.text}</p>
      </section>
    </article>
  );
}
