import { useId, useState } from 'react';
import type { User } from '@redaktion/shared';
import { apiPaths } from '@redaktion/shared/client';
import { useServices, useSettings } from '../../services/context';
import { useApi, useApiCache } from '../../data/api-cache';
import { useI18n, type Locale } from '../../i18n';
import { usePushTopic } from '../../offline/push-alerts';
import {
  autoDownloadSettings, autoDownloadStatus, KEEP_MAX, KEEP_MIN, keepPeriodicSync, runAutoDownload, setAutoDownloadSettings, surroundings,
  tellsConnection, type AutoDownloadSettings, type Connection,
} from '../../offline/auto-download';
import { formatBytes } from '../../offline/downloads';
import { useDeviceQuery } from '../../offline/live';
import { autoDownloadText } from '../../i18n/auto-download';
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

const KEEP_CHOICES = Array.from({ length: KEEP_MAX - KEEP_MIN + 1 }, (_, index) => KEEP_MIN + index);

/**
 * Auto-download on this device (contract §9 [listen]): kept in the device's database, where the service worker reads
 * it too. Each change runs it once: turned on, the followed series' newest come now; fewer to keep, the rest go.
 */
function AutoDownloadGroup() {
  const { locale } = useI18n();
  const text = autoDownloadText(locale);
  const { device } = useServices();
  const settings = useDeviceQuery(autoDownloadSettings, []);
  const status = useDeviceQuery(autoDownloadStatus, []);
  const keepId = useId();
  const connection = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: Connection }).connection;

  async function change(next: Partial<AutoDownloadSettings>) {
    if (!device) return;
    const db = await device.open();
    const saved = await setAutoDownloadSettings(db, next);
    if ('on' in next) void keepPeriodicSync(saved.on);
    void runAutoDownload(db, surroundings()).catch(() => undefined);
  }

  const shortage = status?.short ? text.short(status.available === null ? null : formatBytes(status.available, locale)) : '';
  return (
    <section className="account-card">
      <h2>{text.title}</h2>
      <p className="setting-note">{text.intro}</p>
      <Switch label={text.on} checked={settings?.on ?? false} disabled={!settings} onChange={(on) => void change({ on })} />
      <div className="setting-row">
        <label htmlFor={keepId} className="setting-label">{text.keep}</label>
        <select id={keepId} value={settings?.keep ?? ''} disabled={!settings} aria-describedby={`${keepId}-note`}
          onChange={(event) => void change({ keep: Number(event.target.value) })}>
          {KEEP_CHOICES.map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
        <p id={`${keepId}-note`} className="setting-note">{text.keepNote}</p>
      </div>
      <Switch label={text.unmetered} checked={settings?.unmeteredOnly ?? false} disabled={!settings}
        note={tellsConnection(connection) ? undefined : text.unmeteredUnknown} onChange={(unmeteredOnly) => void change({ unmeteredOnly })} />
      <p className="setting-note" role="status">{shortage}</p>
    </section>
  );
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
        <AutoDownloadGroup />
        <AccountPanel user={user} />
        {isStaff(user) && <TokensPanel />}
      </div>
    </DashboardPage>
  );
}
