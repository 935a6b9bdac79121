import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ReadAloudVoice } from '@redaktion/shared';
import { useAdminT } from '../i18n';
import { failureText, useNotify } from '../ui/feedback';
import { FormField } from '../ui/form';
import { Loading } from '../ui/QueryState';
import { useVoiceCalls } from './calls';

/** OpenAI's voices, offered as suggestions: a local speech server names its own, so any name may be typed. */
const COMMON_VOICES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer', 'verse'];

/** The Settings tab's read-aloud voice (ADR 26): blank is the server's AI_SPEECH_VOICE; audio already made keeps its voice. */
export function VoiceSettings() {
  const t = useAdminT();
  const notify = useNotify();
  const calls = useVoiceCalls();
  const [current, setCurrent] = useState<ReadAloudVoice | null>(null);
  const [voice, setVoice] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const listId = useId();

  useEffect(() => {
    calls.voice.get().then((answer) => {
      setCurrent(answer);
      setVoice(answer.voice ?? '');
    }, () => setLoadFailed(true));
  }, [calls]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const answer = await calls.voice.set(voice.trim() || null);
      setCurrent(answer);
      setVoice(answer.voice ?? '');
      notify.success(t('voice.saved'));
    } catch (failure) {
      setError(failureText(failure, t('voice.saveFailed'), t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-section" aria-labelledby="settings-voice">
      <h2 id="settings-voice">{t('voice.heading')}</h2>
      <p className="admin-subtitle">{t('voice.text')}</p>
      {loadFailed ? <p className="admin-card" role="alert">{t('voice.loadFailed')}</p> : !current ? <Loading /> : (
        <form className="admin-inline-form" noValidate onSubmit={(event) => void save(event)}>
          <FormField label={t('voice.label')} error={error} hint={t('voice.hint', { voice: current.defaultVoice })}>
            {(props) => (
              <input {...props} type="text" list={listId} value={voice} disabled={busy} autoComplete="off"
                onChange={(event) => { setVoice(event.target.value); setError(undefined); }} />
            )}
          </FormField>
          <datalist id={listId}>{COMMON_VOICES.map((name) => <option key={name} value={name} />)}</datalist>
          <button type="submit" className="button" disabled={busy}>{t('common.save')}</button>
        </form>
      )}
    </section>
  );
}
