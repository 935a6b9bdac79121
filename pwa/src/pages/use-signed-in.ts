import { useNavigate, useSearchParams } from 'react-router-dom';
import type { User } from '@redaktion/shared';
import { useServices } from '../services/context';
import { safeReturnTo } from './dashboard/form-fields';

/** Signing in, by password or by e-mailed code, returns the reader to the page they came from (contract.md §7). */
export function useSignedIn() {
  const { session, cache } = useServices();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return (user: User) => {
    session.getState().setUser(user);
    // Answers read while signed out (premium articles, ads) may differ for this reader.
    cache.invalidate();
    navigate(safeReturnTo(search.get('returnTo')), { replace: true });
  };
}
