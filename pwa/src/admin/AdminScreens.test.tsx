import { screen, cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminScreens } from './AdminScreens';
import { jsonFetch, renderAdmin, staffUser } from './test/render';

afterEach(cleanup);

describe('the admin access rule', () => {
  it('shows a reader Access Denied with the extra sentence on /admin', () => {
    renderAdmin((platform) => <AdminScreens platform={platform} />, { fetch: jsonFetch({}).fetch, user: staffUser('user') });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText('You need admin privileges to access this page.')).toBeTruthy();
  });

  it('shows a signed-out visitor Access Denied in Swedish when the app is in Swedish', () => {
    renderAdmin((platform) => <AdminScreens platform={platform} />, { fetch: jsonFetch({}).fetch, user: null, locale: 'sv' });
    expect(screen.getByRole('heading', { name: 'Åtkomst nekad' })).toBeTruthy();
  });
});
