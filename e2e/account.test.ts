import { describe, expect, it } from 'vitest';
import { resetLinkIn, waitForFolderMail } from '../api/test/support/mail-folder.js';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { signedInUser } from '../api/test/support/users.js';
import { DESKTOP, PHONE, focused, openBeforeHydration, openPage, seededServerAndBrowser } from './support/browser.js';

const env = seededServerAndBrowser();

const visiblePanel = (page: Page) => page.locator('[role=tabpanel]:visible');
const toastText = (page: Page) => page.locator('.toast').textContent();

describe('a newcomer, in English on a phone', () => {
  it('registers, is sent back where they came from, edits the profile, logs out and logs in again', async () => {
    const context = await env.browser.newContext({ ...PHONE, locale: 'en-GB' });
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/opinion`);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Log In' }).click();
    await page.waitForURL(/\/auth\?returnTo=%2Fopinion/);

    await page.getByRole('tab', { name: 'Register' }).click();
    const form = visiblePanel(page);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => toastText(page)).toContain('Please fill in all fields');
    await form.getByLabel('Username', { exact: true }).fill('nykomling');
    await form.getByLabel('E-mail', { exact: true }).fill('nykomling@example.se');
    await form.getByLabel('Password', { exact: true }).fill('lösenord123');
    await form.getByLabel('Confirm password').fill('lösenord124');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => toastText(page)).toContain("Passwords don't match");
    await form.getByLabel('Confirm password').fill('lösenord123');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${env.server.url}/opinion`);
    await expect.poll(() => toastText(page)).toContain('Account created!');

    await page.goto(`${env.server.url}/dashboard/profile`);
    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Website').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => toastText(page)).toContain('Update Failed');
    await page.getByLabel('Website').fill('https://nora.example');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => toastText(page)).toContain('Profile Updated');
    await page.goto(`${env.server.url}/dashboard`);
    await expect.poll(() => page.locator('h1').first().textContent()).toContain('Nora');

    await page.getByRole('button', { name: 'Log Out' }).first().click();
    await expect.poll(() => toastText(page)).toContain('Logged out');
    await page.goto(`${env.server.url}/dashboard`);
    await page.waitForURL(/\/auth/);

    const login = visiblePanel(page);
    await login.getByLabel('Username or e-mail').fill('NYKOMLING@example.se');
    await login.getByLabel('Password', { exact: true }).fill('fel-lösenord');
    await login.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => toastText(page)).toContain('Login failed');
    await login.getByLabel('Password', { exact: true }).fill('lösenord123');
    await login.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => toastText(page)).toContain('Successfully logged in as nykomling');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('signing in before the page is interactive', () => {
  it('signs in with the fields filled and Log In pressed before hydration', async () => {
    const { username, password } = await signedInUser(env.server.url, env.server.db);
    const context = await env.browser.newContext({ ...PHONE, locale: 'en-GB' });
    const { page, errors, hydrate } = await openBeforeHydration(context, `${env.server.url}/auth?returnTo=%2Fopinion`);
    const login = visiblePanel(page);
    await login.getByLabel('Username or e-mail').fill(username);
    await login.getByLabel('Password', { exact: true }).fill(password);
    await login.getByRole('button', { name: 'Log In' }).click();

    hydrate();
    await page.waitForURL(`${env.server.url}/opinion`, { timeout: 20_000 });
    await expect.poll(() => toastText(page)).toContain(`Successfully logged in as ${username}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a failed login, by keyboard', () => {
  it('moves focus to the error, marks the fields invalid and describes them with it', async () => {
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/auth`);
    const login = visiblePanel(page);
    const username = login.getByLabel('Username or e-mail');
    const password = login.getByLabel('Password', { exact: true });
    const error = login.locator('.form-error');
    /** Each field's aria-invalid and the text of what describes it. */
    const fieldStates = () => Promise.all([username, password].map((field) => field.evaluate((input) => [
      input.getAttribute('aria-invalid'),
      (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean).map((id) => document.getElementById(id)?.textContent).join(' '),
    ])));

    await username.fill('nykomling');
    await username.press('Enter');
    await expect.poll(() => focused(page)).toBe('p: Please fill in all fields');
    expect(await fieldStates()).toEqual([[null, ''], ['true', 'Please fill in all fields']]);

    await password.fill('fel-lösenord');
    await password.press('Enter');
    const refused = 'Login failed: Please check your username and password.';
    await expect.poll(() => focused(page)).toBe(`p: ${refused}`);
    expect(await error.getAttribute('role')).toBe('alert');
    expect(await fieldStates()).toEqual([['true', refused], ['true', refused]]);
    const axe = await new AxeBuilder({ page }).include('.account-card').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a forgotten password, in Swedish on a desktop', () => {
  it('asks for a link, reads it in the e-mail (kept in DATA_DIR/mail without SMTP), sets a new password and logs in with it', async () => {
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'sv-SE' });
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/auth`);
    await page.getByRole('tab', { name: 'Skapa konto' }).click();
    const form = visiblePanel(page);
    await form.getByLabel('Användarnamn', { exact: true }).fill('glomsk');
    await form.getByLabel('E-post', { exact: true }).fill('glomsk@example.se');
    await form.getByLabel('Lösenord', { exact: true }).fill('första-lösenordet');
    await form.getByLabel('Bekräfta lösenord').fill('första-lösenordet');
    await form.getByRole('button', { name: 'Skapa konto' }).click();
    await page.waitForURL(`${env.server.url}/`);
    await page.getByRole('button', { name: 'Kontomeny' }).click();
    await page.locator('#user-menu').getByRole('button', { name: 'Logga ut' }).click();

    await page.goto(`${env.server.url}/forgot-password`);
    await page.locator('main').getByLabel('E-post', { exact: true }).fill('inte-en-adress');
    await page.getByRole('button', { name: /Skicka/ }).click();
    await expect.poll(() => page.locator('body').textContent()).toContain('Ange en giltig e-postadress');
    await page.locator('main').getByLabel('E-post', { exact: true }).fill('glomsk@example.se');
    await page.getByRole('button', { name: /Skicka/ }).click();
    // The screen says the same for every address and shows no link.
    const sent = 'Om det finns ett konto med den adressen har vi mejlat en länk';
    await expect.poll(() => page.getByRole('status').filter({ hasText: sent }).count()).toBe(1);
    // The form and its button gave way to the answer, and so did the focus.
    expect(await focused(page)).toMatch(new RegExp(`^p: ${sent}`));
    expect(await page.locator('main').textContent()).not.toContain('token=');

    const link = resetLinkIn((await waitForFolderMail(env.server.config.mailDir, 'glomsk@example.se')).text)!;
    const { pathname, search } = new URL(link);
    await page.goto(`${env.server.url}${pathname}${search}`);
    await page.getByLabel('Nytt lösenord').fill('kort');
    await page.getByRole('button', { name: /Återställ/ }).click();
    await expect.poll(() => page.locator('body').textContent()).toContain('minst 8 tecken');
    await page.getByLabel('Nytt lösenord').fill('andra-lösenordet');
    await page.getByRole('button', { name: /Återställ/ }).click();
    await page.getByRole('link', { name: /Fortsätt till inloggning/ }).click();
    const login = visiblePanel(page);
    await login.getByLabel('Användarnamn eller e-post').fill('glomsk');
    await login.getByLabel('Lösenord', { exact: true }).fill('andra-lösenordet');
    await login.getByRole('button', { name: 'Logga in' }).click();
    await page.waitForURL(`${env.server.url}/`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
