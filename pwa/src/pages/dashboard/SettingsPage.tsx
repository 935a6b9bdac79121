import { useId } from 'react';
import type { User } from '@redaktion/shared';
import { useServices, useSettings } from '../../app/context';
import { useI18n, type Locale } from '../../i18n';
import type { MessageKey } from '../../i18n/en';
import type { Settings } from '../../state/settings';
import { DashboardPage } from './layout';
import { isStaff } from '../../state/session';
import { AccountPanel } from './Overview';
import { TokensPanel } from './TokensPanel';

type Toggle = Exclude<keyof Settings, 'locale'>;

const GROUPS: { title: MessageKey; toggles: [Toggle, MessageKey][] }[] = [
  { title: 'settings.notifications', toggles: [['emailNotifications', 'settings.email'], ['pushNotifications', 'settings.push'], ['weeklyDigest', 'settings.digest']] },
  { title: 'settings.appearance', toggles: [['darkMode', 'settings.dark']] },
  { title: 'settings.playback', toggles: [['autoplay', 'settings.autoplay'], ['highQualityAudio', 'settings.hq']] },
];

/** Language names are written in their own language, so a reader can always find theirs. */
const LANGUAGES: [Locale, string][] = [['sv', 'Svenska'], ['en', 'English']];

function Switch({ label, checked, onChange }: { label: string; checked: boolean; onChange(checked: boolean): void }) {
  const id = useId();
  return (
    <div className="setting-row">
      <span id={id} className="setting-label">{label}</span>
      <button type="button" role="switch" aria-checked={checked} aria-labelledby={id} className="switch" onClick={() => onChange(!checked)}>
        <span className="switch-thumb" aria-hidden="true" />
      </button>
    </div>
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
          </section>
        ))}
        <AccountPanel user={user} />
        {isStaff(user) && <TokensPanel />}
      </div>
    </DashboardPage>
  );
}
