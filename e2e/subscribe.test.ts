import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../api/test/support/test-server.js';
import { signedInUser } from '../api/test/support/users.js';
import { startStripeStandIn } from '../api/test/stand-ins/stripe.js';
import { DESKTOP, focused, openPage, seededServerAndBrowser } from './support/browser.js';

const env = seededServerAndBrowser();

describe('subscribing', () => {
  it('says payments are not available when Stripe is not configured, and offers no button that cannot work', async () => {
    const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
    const { page, errors } = await openPage(context);
    await page.goto(`${env.server.url}/subscribe`);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Payments are not available' }).count()).toBe(1);
    for (const button of await page.getByRole('button', { name: /Choose/ }).all()) expect(await button.isDisabled()).toBe(true);
    expect(await page.locator('body').textContent()).toContain('1,990');
    expect(errors).toEqual([]);
    await context.close();
  });

  describe('with Stripe configured (a local stand-in for its API)', () => {
    let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
    let paid: TestServer;
    beforeAll(async () => {
      stripe = await startStripeStandIn('sk_test_e2e');
      paid = await startTestServer({
        seed: true,
        env: { STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e', STRIPE_WEBHOOK_SECRET: 'whsec_e2e', STRIPE_API_BASE: stripe.origin },
      });
    });
    afterAll(async () => {
      await paid?.close();
      await stripe?.close();
    });

    it("gets the server's client secret for the chosen plan (Stripe.js itself cannot load here)", async () => {
      const reader = await signedInUser(paid.url, paid.db);
      const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
      await context.addCookies([...reader.client.cookies].map(([name, value]) => ({ name, value, url: paid.url })));
      const { page } = await openPage(context);
      await page.goto(`${paid.url}/subscribe`);
      await page.getByRole('button', { name: /Choose Yearly/ }).click();
      const secret = page.locator('[data-client-secret]');
      await expect.poll(() => secret.getAttribute('data-client-secret')).toMatch(/^pi_\w+_secret_/);
      const created = new URLSearchParams(stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/prices')!.body);
      expect(created.get('unit_amount')).toBe('199000');
      expect((await page.request.get(`${paid.url}/`)).headers()['content-security-policy']).toContain('https://js.stripe.com');
      await context.close();
    });

    it('takes the keyboard to the payment step’s heading, and back to the chosen plan', async () => {
      const reader = await signedInUser(paid.url, paid.db);
      const context = await env.browser.newContext({ ...DESKTOP, locale: 'sv-SE' });
      await context.addCookies([...reader.client.cookies].map(([name, value]) => ({ name, value, url: paid.url })));
      const { page, errors } = await openPage(context);
      await page.goto(`${paid.url}/subscribe`);
      await page.getByRole('button', { name: /Välj Årsvis/ }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).toBe('h2: Betalningsuppgifter');
      await page.getByRole('button', { name: 'Välj ett annat abonnemang' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).toBe('h2: Årsvis');
      expect(errors.filter((error) => !/stripe/i.test(error))).toEqual([]);
      await context.close();
    });
  });
});
