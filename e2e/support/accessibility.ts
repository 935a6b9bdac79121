import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';

/** The rules of WCAG 2.1 A and AA: what EN 301 549, the European Accessibility Act's standard, asks of the web. */
export const WCAG21AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Every WCAG 2.1 A/AA finding on the whole page as it is now, named by the step and where it is. */
export async function axeFindings(page: Page, step: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG21AA).analyze();
  return results.violations.map((v) => `${step}: ${v.id} ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * Presses Tab until `target` has focus (a keyboard user's way there), running `eachStep` after every press; fails when
 * the target is not in the Tab order.
 */
export async function tabTo(page: Page, target: Locator, eachStep?: () => Promise<void>, most = 80): Promise<void> {
  for (let press = 0; press < most; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
    await eachStep?.();
  }
  throw new Error(`not reached by Tab: ${String(target)}`);
}
