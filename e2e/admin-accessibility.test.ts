import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminPageFor, until } from './support/admin.js';
import { focused, seededServerAndBrowser } from './support/browser.js';
import { WCAG21AA } from './support/accessibility.js';

/**
 * The admin screens are the newsroom's workplace (issue 23): every tab and the main dialogs pass axe at WCAG 2.1 A
 * and AA, every impact counted, on the seeded publication as a super admin sees it (the Users tab included).
 */
const env = seededServerAndBrowser();
const ADMIN = { username: 'tillganglig', email: 'tillganglig@redaktion.se', password: 'tillganglig-lösen-1', role: 'super_admin' as const };

let page: Page;
adminPageFor(env, ADMIN, (opened) => { page = opened; });


/** Every WCAG 2.1 A/AA finding on the page as it is now, with where it is. */
async function findings(where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG21AA).analyze();
  return results.violations.map((v) => `${where}: ${v.id} ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** A tab is shown once its panel has left the loading state (a list, a card, an empty note or a form). */
const panelShown = () => until(page.locator('#admin-panel').locator('.admin-row, .admin-card, .admin-empty, form'));

describe('the admin screens, in English on a desktop', () => {
  it.each([
    'overview', 'insights', 'articles', 'podcasts', 'ads', 'people', 'journalists', 'approvals', 'ai-generator', 'newsletter', 'settings', 'users',
  ])('the %s tab passes axe at WCAG 2.1 AA', async (tab) => {
    await page.goto(`${env.server.url}/admin?tab=${tab}`);
    await until(page.getByRole('tab', { selected: true }));
    await panelShown();
    // The panel's reads settle before the check: a spinner is no screen the editor works in.
    await page.locator('#admin-panel [aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 0 });
    expect(await findings(tab)).toEqual([]);
  });

  it.each([
    ['articles', 'Create Article', 'Create New Article'],
    ['people', 'New Interview', 'Create Interview Podcast'],
    ['people', 'New Profile', 'Create Profile'],
    ['people', 'YouTube & custom videos', 'YouTube Channel Integration'],
    ['podcasts', 'New Series', 'Create New Series'],
    ['podcasts', 'New Episode', 'Create New Episode'],
    ['ads', 'New Advertisement', 'Create Advertisement'],
    ['journalists', 'Add Journalist', 'Add Journalist'],
  ] as const)('the %s tab’s “%s” dialog passes axe, traps focus and hands it back on Escape', async (tab, button, title) => {
    await page.goto(`${env.server.url}/admin?tab=${tab}`);
    await panelShown();
    const opener = page.getByRole('button', { name: button, exact: true });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: title });
    await until(dialog);
    expect(await findings(title)).toEqual([]);
    // Tabbing round the whole dialog and on never reaches the page behind it (inert while a modal <dialog> is
    // open): past its last control focus goes to the browser's own controls (the document's body here), then back in.
    const stops = await dialog.locator('button:visible, input:visible, select:visible, textarea:visible, a[href]:visible').count();
    const where: string[] = [];
    for (let step = 0; step <= stops + 1; step += 1) {
      await page.keyboard.press('Tab');
      where.push(await page.evaluate(() => (document.activeElement === document.body ? 'browser' : document.activeElement?.closest('dialog[open]') ? 'dialog' : 'page')));
    }
    expect(where).not.toContain('page');
    expect(where.at(-1)).toBe('dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 0 });
    await expect.poll(() => focused(page)).toBe(`button: ${button}`);
  });
});
