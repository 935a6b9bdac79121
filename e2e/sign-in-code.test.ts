import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mailsIn } from '../api/test/support/mail-folder.js';
import { DESKTOP, focused, openPage, seededServerAndBrowser } from './support/browser.js';
import { axeFindings, tabTo } from './support/accessibility.js';

/**
 * Sign-in by e-mailed code (contract §9 [revenue]) by keyboard alone, with axe on every step (WCAG 2.1 AA), and the
 * e-mailed one-tap link.
 */
const env = seededServerAndBrowser();



const fieldState = (field: Locator) => field.evaluate((input) => [
  input.getAttribute('aria-invalid'),
  (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean).map((id) => document.getElementById(id)?.textContent).join(' | '),
]);

/** The field keyboard focus is in, by its label. */
const focusedLabel = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? null);

/** The newest mail to `address` once there are `count` of them, and its code. */
async function nthMail(address: string, count: number): Promise<{ code: string; link: URL }> {
  await expect.poll(async () => (await mailsIn(env.server.config.mailDir)).filter((mail) => mail.to.includes(address)).length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(count);
  const mail = (await mailsIn(env.server.config.mailDir)).filter((m) => m.to.includes(address)).at(-1)!;
  return { code: /^(\d{6})$/m.exec(mail.text)![1]!, link: new URL(/\S+\/sign-in\/code\?\S+/.exec(mail.text)![0]) };
}

/** An article of the demo publication, to come from and return to. */
async function anArticle(): Promise<string> {
  const response = await fetch(`${env.server.url}/api/articles?limit=1`);
  const [article] = await response.json() as { id: number }[];
  return `/article/${article!.id}`;
}

describe('sign-in by e-mailed code', () => {
  it('by keyboard alone: asks for a code, gets a new one, types it and is back on the article, axe on every step', async () => {
    const article = await anArticle();
    const address = 'kodlasare@example.se';
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const { page, errors } = await openPage(context);
    const findings: string[] = [];
    await page.goto(`${env.server.url}${article}`);
    const logIn = page.locator('header').getByRole('link', { name: 'Log In' });
    await logIn.waitFor();
    await tabTo(page, logIn);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${env.server.url}/auth?returnTo=${encodeURIComponent(article)}`);

    const loginTab = page.getByRole('tab', { name: 'Login' });
    await loginTab.waitFor();
    findings.push(...await axeFindings(page, 'auth page'));
    await tabTo(page, loginTab);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focused(page)).toBe('button: E-mail me a code');
    const panel = page.locator('[role=tabpanel]:visible');
    await panel.getByRole('heading', { name: 'Sign in with a code' }).waitFor();
    findings.push(...await axeFindings(page, 'code tab'));

    // An address that is none: announced, tied to the field, and focus is on the field.
    const email = panel.getByLabel('E-mail', { exact: true });
    await tabTo(page, email);
    await page.keyboard.type('inte-en-adress');
    await page.keyboard.press('Enter');
    await expect.poll(() => fieldState(email)).toEqual(['true', 'Please enter a valid email address']);
    await expect.poll(() => focusedLabel(page)).toBe('E-mail');
    expect(await panel.getByRole('alert').textContent()).toBe('Please enter a valid email address');
    findings.push(...await axeFindings(page, 'bad address'));

    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(address);
    await page.keyboard.press('Enter');
    const step = panel.getByRole('heading', { name: 'Enter the code' });
    await step.waitFor();
    await expect.poll(() => focused(page)).toBe('h2: Enter the code');
    const code = panel.getByLabel('Code from the e-mail');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    expect(await code.inputValue()).toBe('');
    findings.push(...await axeFindings(page, 'code step'));
    const first = await nthMail(address, 1);

    // A new code replaces the first: the resend says so in a live region.
    await tabTo(page, panel.getByRole('button', { name: 'Send a new code' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.getByRole('status').textContent()).toContain(`A new code is on its way to ${address}`);
    const second = await nthMail(address, 2);
    findings.push(...await axeFindings(page, 'resent'));

    // The replaced code is refused: announced, the field marked and focused.
    await tabTo(page, code);
    await page.keyboard.type(first.code === second.code ? '000000' : first.code);
    await page.keyboard.press('Enter');
    await expect.poll(() => fieldState(code)).toEqual(['true', 'This code is wrong or no longer valid. Ask for a new one.']);
    await expect.poll(() => focusedLabel(page)).toBe('Code from the e-mail');
    findings.push(...await axeFindings(page, 'wrong code'));

    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(second.code);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${env.server.url}${article}`);
    await expect.poll(() => page.locator('.toast').textContent()).toContain('Successfully logged in as kodlasare');
    const me = await page.request.get(`${env.server.url}/api/user`);
    expect(await me.json()).toMatchObject({ email: address, username: 'kodlasare', hasPassword: false });
    findings.push(...await axeFindings(page, 'back on the article'));

    expect(findings).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs in with the one-tap link, only once the reader presses its button', async () => {
    const article = await anArticle();
    const address = 'lanklasare@example.se';
    const asked = await fetch(`${env.server.url}/api/auth/code`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: address, locale: 'en', returnTo: article }),
    });
    expect(asked.status).toBe(202);
    const { link } = await nthMail(address, 1);
    expect(link.pathname).toBe('/sign-in/code');

    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}${link.pathname}${link.search}`);
    const button = page.locator('main').getByRole('button', { name: 'Sign in' });
    await button.waitFor();
    expect(await page.locator('main').textContent()).toContain(`Sign in to Redaktion as ${address}.`);
    // Opening the link signed in nobody.
    expect((await page.request.get(`${env.server.url}/api/user`)).status()).toBe(401);
    const findings = await axeFindings(page, 'link page');

    await tabTo(page, button);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${env.server.url}${article}`);
    expect(await (await page.request.get(`${env.server.url}/api/user`)).json()).toMatchObject({ email: address });

    // The link works once.
    const again = await context.newPage();
    await again.goto(`${env.server.url}${link.pathname}${link.search}`);
    await again.locator('main').getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => again.locator('main [role=alert]').textContent()).toBe('This code is wrong or no longer valid. Ask for a new one.');
    findings.push(...await axeFindings(again, 'used link'));

    expect(findings).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a reader without a password deletes the account with a fresh e-mailed code, by keyboard', async () => {
    const address = 'utanlosen@example.se';
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    await context.request.post(`${env.server.url}/api/auth/code`, { data: { email: address } });
    const signIn = await context.request.post(`${env.server.url}/api/auth/code/verify`, { data: { email: address, code: (await nthMail(address, 1)).code } });
    expect(signIn.status()).toBe(200);
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/dashboard/profile`);
    const danger = page.locator('.danger-zone');
    const ask = danger.getByRole('button', { name: 'E-mail me a code' });
    await ask.waitFor();
    expect(await danger.getByLabel('Password').count()).toBe(0);
    const findings = await axeFindings(page, 'profile');

    await tabTo(page, ask);
    await page.keyboard.press('Enter');
    await expect.poll(() => danger.getByRole('status').textContent()).toContain(`A code is on its way to ${address}`);
    const { code } = await nthMail(address, 2);
    findings.push(...await axeFindings(page, 'code sent'));
    await tabTo(page, danger.getByLabel('Code from the e-mail'));
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${env.server.url}/`);
    await expect.poll(() => page.locator('.toast').textContent()).toContain('Account deleted');
    expect(await env.server.db('users').where({ email: address }).first()).toBeUndefined();

    expect(findings).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
