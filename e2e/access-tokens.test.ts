import { describe, expect, it } from 'vitest';
import { signedInUser } from '../api/test/support/users.js';
import { signedInContext } from './support/admin.js';
import { openPage, seededServerAndBrowser } from './support/browser.js';

const env = seededServerAndBrowser({ seed: false });

/** This shared machine is slow at times: every wait allows 15 s. */
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

const asBearer = (token: string) => fetch(`${env.server.url}/api/user`, { headers: { Authorization: `Bearer ${token}` } });

describe('the Tokens panel in /dashboard/settings', () => {
  it('lets staff create a token, see it once and copy it, use it, and revoke it', async () => {
    const staff = await signedInUser(env.server.url, env.server.db, { role: 'admin' });
    const context = await signedInContext(env.browser, env.server, staff, 'en-GB');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/dashboard/settings`);
    const panel = page.getByRole('region', { name: 'Access tokens' });
    await eventually(() => panel.getByText('You have no tokens.').isVisible()).toBe(true);

    await panel.getByRole('button', { name: 'Create token' }).click();
    await eventually(() => panel.getByRole('alert').textContent()).toBe('Token name is required');
    await panel.getByLabel('Token name').fill('Skrivbordsappen');
    await panel.getByRole('button', { name: 'Create token' }).click();

    const shown = panel.getByRole('region', { name: 'Your new token “Skrivbordsappen”' });
    const token = (await shown.locator('code').textContent())!;
    expect(token).toMatch(/^rdk_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await eventually(() => page.locator('.toast').textContent()).toContain('Token copied to the clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    const me = await asBearer(token);
    expect(me.status).toBe(200);
    expect((await me.json()).username).toBe(staff.username);

    await shown.getByRole('button', { name: 'I have saved it' }).click();
    await page.reload();
    await eventually(() => panel.getByRole('listitem').textContent()).toMatch(/Skrivbordsappen.*last used/);
    expect(await page.content()).not.toContain(token);

    page.once('dialog', (dialog) => void dialog.accept());
    await panel.getByRole('button', { name: 'Revoke Skrivbordsappen' }).click();
    await eventually(() => page.locator('.toast').textContent()).toContain('Token revoked');
    await eventually(() => panel.getByText('You have no tokens.').isVisible()).toBe(true);
    expect((await asBearer(token)).status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('speaks Swedish, and is not shown to readers', async () => {
    const staff = await signedInUser(env.server.url, env.server.db, { role: 'super_admin' });
    const swedish = await signedInContext(env.browser, env.server, staff, 'sv-SE');
    const { page } = await openPage(swedish);
    await page.goto(`${env.server.url}/dashboard/settings`);
    const panel = page.getByRole('region', { name: 'Åtkomsttoken' });
    await eventually(() => panel.getByText('Du har inga token.').isVisible()).toBe(true);
    await panel.getByLabel('Namn på token').fill('Skript');
    await panel.getByRole('button', { name: 'Skapa token' }).click();
    await eventually(() => panel.getByText('Kopiera den nu: den visas bara den här gången.').isVisible()).toBe(true);
    await swedish.close();

    const reader = await signedInUser(env.server.url, env.server.db);
    const readerContext = await signedInContext(env.browser, env.server, reader, 'en-GB');
    const readerPage = (await openPage(readerContext)).page;
    await readerPage.goto(`${env.server.url}/dashboard/settings`);
    await eventually(() => readerPage.getByRole('heading', { name: 'Account' }).isVisible()).toBe(true);
    expect(await readerPage.getByRole('region', { name: 'Access tokens' }).count()).toBe(0);
    await readerContext.close();
  });
});
