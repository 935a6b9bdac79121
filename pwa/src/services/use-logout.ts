import { useNavigate } from 'react-router-dom';
import { ApiError } from '@redaktion/shared/client';
import { useI18n } from '../i18n';
import { toast } from '../state/toasts';
import { useServices } from './context';

/** Logging out, from the header menu and the dashboard alike. Offline it says that it needs the network. */
export function useLogout() {
  const { t } = useI18n();
  const { api, session, cache } = useServices();
  const navigate = useNavigate();
  return async function logout(): Promise<boolean> {
    try {
      await api.logout();
    } catch (error) {
      toast(t('auth.logoutFailed'), error instanceof ApiError ? error.serverMessage : t('offline.needsNetwork'), 'destructive');
      return false;
    }
    // Leave first, so the account pages do not send the reader to /auth on the way out.
    navigate('/');
    // Ending the session also forgets, on the device, what was read with it (state/session.ts).
    session.getState().setUser(null);
    cache.invalidate();
    toast(t('auth.loggedOut'), t('auth.loggedOutText'));
    return true;
  };
}
