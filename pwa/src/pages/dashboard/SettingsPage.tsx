import { useId, useState } from 'react';
import type { User } from '@redaktion/shared';
import { apiPaths } from '@redaktion/shared/client';
import { useServices, useSettings } from '../../services/context';
import { useApi, useApiCache } from '../../data/api-cache';
import { useI18n, type Locale } from '../../i18n';
import { usePushTopic } from '../../offline/push-alerts';
import type { MessageKey } from '../../i18n/en';
import type { Settings } from '../../state/settings';
import { DashboardPage } from './layout';
import { isStaff } from '../../state/session';
import { AccountPanel } from './Overview';
import { TokensPanel } from './TokensPanel';

type Toggle = Exclude<keyof Settings, 'locale'>;

const GROUPS: { title: MessageKey; toggles: [Toggle, MessageKey][] }[] = [
  { title: 'settings.notifications', toggles: [['emailNotifications', 'settings.email']] },
  { title: 'settings.appearance', toggles: [['darkMode', 'settings.dark']] },
  { title: 'settings.playback', toggles: [['autoplay', 'settings.autoplay'], ['highQualityAudio', 'settings.hq']] },
];

/** Language names are written in their own language, so a reader can always find theirs. */
const LANGUAGES: [Locale, string][] = [['sv', 'Svenska'], ['en', 'English']];

function Switch({ label, checked, onChange, disabled, note }: {
  label: string; checked: boolean; onChange(checked: boolean): void; disabled?: boolean; note?: string;
}) {
  const id = useId();
  return (
    <div className="setting-row">
      <span id={id} className="setting-label">{label}</span>
      <button type="button" role="switch" aria-checked={checked} aria-labelledby={id} aria-describedby={note ? `${id}-note` : undefined}
        className="switch" disabled={disabled} onClick={() => onChange(!checked)}>
        <span className="switch-thumb" aria-hidden="true" />
      </button>
      {note && <p id={`${id}-note`} className="setting-note" role="status">{note}</p>}
    </div>
  );
}

/** The account's newsletter subscription; turning it on e-mails a confirmation link first (double opt-in). */
function NewsletterSwitch() {
  const { t } = useI18n();
  const { api } = useServices();
  const cache = useApiCache();
  const mine = useApi(apiPaths.myNewsletter);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const status = mine.data?.status;
  const note = failed ? t('newsletter.changeFailed') : status === 'pending' && mine.data ? t('newsletter.pendingHint', { email: mine.data.email }) : undefined;
  return (
    <Switch label={t('newsletter.setting')} checked={status === 'confirmed' || status === 'pending'} disabled={!mine.data || busy} note={note}
      onChange={(subscribed) => {
        setBusy(true);
        setFailed(false);
        api.setMyNewsletter(subscribed).then((answer) => cache.set(apiPaths.myNewsletter, { data: answer }), () => setFailed(true))
          .finally(() => setBusy(false));
      }} />
  );
}

/** Breaking-news alerts on this device; the browser asks for permission only after this switch is turned on. */
function BreakingAlertsSwitch() {
  const { t } = useI18n();
  const alerts = usePushTopic('breaking');
  const note = !alerts.supported ? t('alerts.unsupported') : alerts.problem === 'denied' ? t('alerts.denied') : alerts.problem ? t('alerts.failed') : undefined;
  return <Switch label={t('alerts.breaking')} checked={alerts.on} disabled={!alerts.supported || alerts.busy} note={note} onChange={() => void alerts.toggle()} />;
}

/** Settings live on the device (contract.md §3); the language is also kept on the account for its e-mails. */
export function SettingsPage({ user }: { user: User }) {
  const { t } = useI18n();
  const { api, session } = useServices();
  const settings = useSettings();
  const languageId = useId();

  function chooseLanguage(locale: Locale) {
    settings.update({ locale });
    if (locale !== user.locale) void api.updateProfile({ locale }).then((updated) => session.getState().setUser(updated), () => undefined);
  }

  return (
    <DashboardPage title={t('settings.title')} intro={t('settings.saved')}>
      <div className="stack account-sections">
        {GROUPS.map((group) => (
          // Plain sections, not named regions: 'Language' must name the select alone.
          <section key={group.title} className="account-card">
            <h2>{t(group.title)}</h2>
            {group.title === 'settings.appearance' && (
              <div className="setting-row">
                <label htmlFor={languageId} className="setting-label">{t('settings.language')}</label>
                <select id={languageId} value={settings.locale} onChange={(event) => chooseLanguage(event.target.value as Locale)}>
                  {LANGUAGES.map(([code, name]) => <option key={code} value={code} lang={code}>{name}</option>)}
                </select>
              </div>
            )}
            {group.toggles.map(([name, label]) => (
              <Switch key={name} label={t(label)} checked={settings[name]} onChange={(checked) => settings.update({ [name]: checked })} />
            ))}
            {group.title === 'settings.notifications' && <><NewsletterSwitch /><BreakingAlertsSwitch /></>}
          </section>
        ))}
        <AccountPanel user={user} />
        {isStaff(user) && <TokensPanel />}
      </div>
    </DashboardPage>
  );
}
