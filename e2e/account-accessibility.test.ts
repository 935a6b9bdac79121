import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { resetLinkIn, waitForFolderMail } from '../api/test/support/mail-folder.js';
import { signedInUser } from '../api/test/support/users.js';
import { DESKTOP, focused, openPage, seededServerAndBrowser } from './support/browser.js';
import { axeFindings, tabTo as tabToTarget } from './support/accessibility.js';

/**
 * The account flows by keyboard alone (contract §9 [revenue], WCAG 2.1 AA): registration, the password reset and the
 * dashboard's forms, never clicked, with axe on every step; and the flows' pages at 400 % and 200 % zoom (320 and 640
 * CSS pixels wide) without a sideways scroll.
 */
const env = seededServerAndBrowser();

/** The element with focus, when it draws no focus ring (an outline), as `tag: text`; else null. */
const ringless = (page: Page) => page.evaluate(() => {
  const element = document.activeElement;
  if (!element || element === document.body) return null;
  const style = getComputedStyle(element);
  if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) return null;
  return `${element.tagName.toLowerCase()}: ${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}`;
});

/**
 * Presses Tab until `target` has focus (a keyboard user's way there), checking that each control on the way shows a
 * focus ring; fails when the target is not in the Tab order, or focus is caught before it.
 */
const tabTo = (page: Page, target: Locator, most?: number) => tabToTarget(page, target, async () => {
  expect(await ringless(page), 'a control reached by Tab shows that it has focus').toBeNull();
}, most);

/** A field's aria-invalid and the text of what describes it (its error, its hint, the form's message). */
const fieldState = (field: Locator) => field.evaluate((input) => [
  input.getAttribute('aria-invalid'),
  (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean).map((id) => document.getElementById(id)?.textContent).join(' | '),
]);

/** Signs `context` in as a new reader through the real login call (the cookie is the server's). */
async function signIn(context: BrowserContext): Promise<{ email: string; password: string }> {
  const { username, email, password } = await signedInUser(env.server.url, env.server.db);
  const response = await context.request.post(`${env.server.url}/api/login`, { data: { username, password } });
  if (!response.ok()) throw new Error(`login failed: ${response.status()}`);
  return { email, password };
}

/** What the toasts' live region says (an error toast interrupts: aria-live assertive). */
const announced = (page: Page) => page.locator('.toaster-list').textContent();

/** The field keyboard focus is in, by its accessible label. */
const focusedLabel = (page: Page) => page.evaluate(() => {
  const element = document.activeElement as HTMLInputElement | null;
  return element?.labels?.[0]?.textContent ?? null;
});

describe('registration and a forgotten password, by keyboard alone, in English', () => {
  it('registers: the refused steps are announced, marked on their fields and focused, and every step passes axe', async () => {
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const { page, errors } = await openPage(context);
    const findings: string[] = [];
    await page.goto(`${env.server.url}/auth?returnTo=%2Fdashboard`);
    const login = page.getByRole('tab', { name: 'Login' });
    await login.waitFor();
    findings.push(...await axeFindings(page, 'login tab'));

    await tabTo(page, login);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focused(page)).toBe('button: Register');
    const form = page.locator('[role=tabpanel]:visible');
    findings.push(...await axeFindings(page, 'register tab'));

    await tabTo(page, form.getByRole('button', { name: 'Create Account' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('p: Please fill in all fields');
    expect(await fieldState(form.getByLabel('Username', { exact: true }))).toEqual(['true', 'Please fill in all fields']);
    findings.push(...await axeFindings(page, 'empty form'));

    await tabTo(page, form.getByLabel('Username', { exact: true }));
    await page.keyboard.type('tangentbord');
    await page.keyboard.press('Tab');
    await page.keyboard.type('tangentbord@example.se');
    await page.keyboard.press('Tab');
    await page.keyboard.type('lösenord123');
    await tabTo(page, form.getByLabel('Confirm password'));
    await page.keyboard.type('lösenord124');
    await page.keyboard.press('Enter');
    await expect.poll(() => announced(page)).toContain("Passwords don't match");
    expect(await focusedLabel(page)).toBe('Confirm password');
    expect(await fieldState(form.getByLabel('Confirm password'))).toEqual(['true', "Passwords don't match"]);
    findings.push(...await axeFindings(page, 'passwords differ'));

    await page.keyboard.press('Backspace');
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${env.server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Hello, tangentbord!' }).waitFor();
    findings.push(...await axeFindings(page, 'dashboard'));
    expect(findings).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('resets a password: errors focus their field, the answers take focus, every step passes axe', async () => {
    const { email: address } = await signedInUser(env.server.url, env.server.db);
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const { page, errors } = await openPage(context);
    const findings: string[] = [];
    await page.goto(`${env.server.url}/forgot-password`);
    const email = page.locator('main').getByLabel('E-mail', { exact: true });
    const send = page.getByRole('button', { name: 'Send reset link' });
    await send.waitFor();
    findings.push(...await axeFindings(page, 'forgot form'));

    await tabTo(page, email);
    await page.keyboard.type('inte-en-adress');
    await tabTo(page, send);
    await page.keyboard.press('Enter');
    await expect.poll(() => announced(page)).toContain('Please enter a valid email address');
    await expect.poll(() => focusedLabel(page)).toBe('E-mail');
    expect(await fieldState(email)).toEqual(['true', 'Please enter a valid email address']);
    findings.push(...await axeFindings(page, 'forgot: not an address'));

    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(address);
    await tabTo(page, send);
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatch(/^p: If an account exists for that address/);
    findings.push(...await axeFindings(page, 'forgot: sent'));

    const link = resetLinkIn((await waitForFolderMail(env.server.config.mailDir, address)).text)!;
    const { pathname, search } = new URL(link);
    await page.goto(`${env.server.url}${pathname}${search}`);
    const password = page.getByLabel('New password');
    const reset = page.getByRole('button', { name: 'Reset password' });
    await reset.waitFor();
    findings.push(...await axeFindings(page, 'reset form'));
    await tabTo(page, password);
    await page.keyboard.type('kort');
    await tabTo(page, reset);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedLabel(page)).toBe('New password');
    expect(await fieldState(password)).toEqual(['true', 'Password must be at least 8 characters long | At least 8 characters']);
    findings.push(...await axeFindings(page, 'reset: too short'));

    await page.keyboard.type('-men-nu-längre');
    await tabTo(page, reset);
    await page.keyboard.press('Enter');
    // The form, and the button that had focus, gave way to the answer: focus went to it.
    await expect.poll(() => focused(page)).toBe('h1: Your password has been reset');
    findings.push(...await axeFindings(page, 'reset: done'));
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a: Continue to Login');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${env.server.url}/auth`);
    expect(findings).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the dashboard’s account forms, by keyboard alone, in Swedish', () => {
  it('edits the profile, changes the password and deletes the account; each refusal focuses its field; axe on every step', async () => {
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'sv-SE' });
    const { password } = await signIn(context);
    const { page, errors } = await openPage(context);
    const findings: string[] = [];
    await page.goto(`${env.server.url}/dashboard`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    findings.push(...await axeFindings(page, 'dashboard'));

    await tabTo(page, page.getByRole('link', { name: /^Profil/ }));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${env.server.url}/dashboard/profile`);
    // A page reached inside the app: focus on its heading (ADR 21).
    await expect.poll(() => focused(page)).toBe('h1: Redigera profil');
    findings.push(...await axeFindings(page, 'profile'));

    const website = page.getByLabel('Webbplats');
    await tabTo(page, website);
    await page.keyboard.type('javascript:alert(1)');
    await tabTo(page, page.getByRole('button', { name: 'Spara ändringar' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedLabel(page)).toBe('Webbplats');
    expect((await fieldState(website))[0]).toBe('true');
    await expect.poll(() => announced(page)).toContain('Uppdateringen misslyckades');
    findings.push(...await axeFindings(page, 'profile: bad website'));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('https://tangent.example');
    await page.keyboard.press('Enter');
    await expect.poll(() => announced(page)).toContain('Profilen har uppdaterats');
    expect(await fieldState(website)).toEqual([null, '']);

    const change = page.getByRole('button', { name: 'Byt lösenord' });
    const current = page.getByLabel('Nuvarande lösenord');
    await tabTo(page, change);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedLabel(page)).toBe('Nuvarande lösenord');
    expect(await fieldState(current)).toEqual(['true', 'Fyll i alla fält']);
    findings.push(...await axeFindings(page, 'password: empty'));
    await page.keyboard.type(password);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('kort');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedLabel(page)).toBe('Nytt lösenord');
    findings.push(...await axeFindings(page, 'password: too short'));
    await page.keyboard.type('-men-nu-längre');
    await page.keyboard.press('Enter');
    await expect.poll(() => announced(page)).toContain('Lösenordet har bytts');

    const remove = page.getByRole('button', { name: 'Radera mitt konto' });
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const confirm = page.locator('.danger-zone').getByLabel('Lösenord', { exact: true });
    await expect.poll(() => focusedLabel(page)).toBe('Lösenord');
    expect(await fieldState(confirm)).toEqual(['true', 'Lösenord krävs']);
    findings.push(...await axeFindings(page, 'delete: no password'));
    await page.keyboard.type('fel-lösenord');
    await page.keyboard.press('Enter');
    // The server refused the password: the field is marked, described by the form's message, and focused again.
    const refusal = page.locator('.danger-zone .form-error');
    await refusal.waitFor();
    expect(await refusal.getAttribute('role')).toBe('alert');
    await expect.poll(() => focusedLabel(page)).toBe('Lösenord');
    expect(await fieldState(confirm)).toEqual(['true', await refusal.textContent()]);
    findings.push(...await axeFindings(page, 'delete: wrong password'));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('kort-men-nu-längre');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${env.server.url}/`);
    await expect.poll(() => announced(page)).toContain('Kontot har raderats');

    // Past every control of the home page to the footer, nothing holds the keyboard; the statement is one Enter away.
    await tabTo(page, page.locator('footer').getByRole('link', { name: 'Tillgänglighet' }), 400);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${env.server.url}/tillganglighet`);
    await expect.poll(() => focused(page)).toBe('h1: Tillgänglighetsredogörelse');
    findings.push(...await axeFindings(page, 'statement'));
    expect(findings).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/**
 * A 1280 × 900 screen zoomed to 400 % (WCAG 1.4.10 reflow) and to 200 % (1.4.4, resize text): zoom divides the CSS
 * pixels the page gets, so each is a viewport of that size at the zoom's pixel ratio.
 */
describe.each([
  ['400 %', { width: 320, height: 225 }, 4], ['200 %', { width: 640, height: 450 }, 2],
] as const)('the flows at %s zoom', (_zoom, viewport, deviceScaleFactor) => {
  it.each([
    ['/subscribe', false], ['/auth', false], ['/auth?tab=register', false], ['/forgot-password', false],
    ['/dashboard', true], ['/dashboard/profile', true], ['/dashboard/settings', true], ['/tillganglighet', false], ['/accessibility', false],
  ] as const)('%s (signed in: %s) does not scroll sideways', async (path, signedIn) => {
    const context = await env.browser.newContext({ viewport, deviceScaleFactor, locale: 'sv-SE' });
    if (signedIn) await signIn(context);
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}${path}`);
    await page.locator('main h1').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
