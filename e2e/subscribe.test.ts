import { describe, expect, it } from 'vitest';
import type { TestServer } from '../api/test/support/test-server.js';
import { signedInUser } from '../api/test/support/users.js';
import { paidServerFor, type StripeStandIn } from './support/payments.js';
import { DESKTOP, focused, openPage, seededServerAndBrowser } from './support/browser.js';
import { axeFindings, tabTo } from './support/accessibility.js';

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
    let paid: TestServer;
    let stripe: StripeStandIn;
    paidServerFor((server, standIn) => { paid = server; stripe = standIn; });

    it("gets the server's client secret for the chosen plan (Stripe.js itself cannot load here)", async () => {
      const reader = await signedInUser(paid.url, paid.db);
      const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
      await context.addCookies([...reader.client.cookies].map(([name, value]) => ({ name, value, url: paid.url })));
      const { page } = await openPage(context);
      await page.goto(`${paid.url}/subscribe`);
      await page.getByRole('checkbox', { name: /access at once/ }).check();
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
      await page.getByRole('checkbox', { name: /tillgång direkt/ }).check();
      await page.getByRole('button', { name: /Välj Årsvis/ }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).toBe('h2: Betalningsuppgifter');
      await page.getByRole('button', { name: 'Välj ett annat abonnemang' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).toBe('h2: Årsvis');
      expect(errors.filter((error) => !/stripe/i.test(error))).toEqual([]);
      await context.close();
    });

    it('takes an offer by keyboard alone: shown, the consent required and announced, the discount applied; axe on every step', async () => {
      const admin = await signedInUser(paid.url, paid.db, { role: 'admin' });
      const offer = await admin.client.post('/api/admin/offers', {
        code: 'VINTER50', name: 'Vinterkampanj', kind: 'percent', value: 50, duration: 'repeating', durationInMonths: 3, plans: ['monthly'],
      });
      expect(offer.status).toBe(201);
      const reader = await signedInUser(paid.url, paid.db);
      const article = (await paid.db('articles').where({ status: 'published' }).first('id')) as { id: number };
      const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
      await context.addCookies([...reader.client.cookies].map(([name, value]) => ({ name, value, url: paid.url })));
      const { page, errors } = await openPage(context);
      const findings: string[] = [];
      const subscriptionCalls = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions').length;
      const callsBefore = subscriptionCalls();
      await page.goto(`${paid.url}/subscribe?offer=vinter50&returnTo=${encodeURIComponent(`/article/${article.id}`)}`);
      const shown = page.locator('.offer-card');
      await expect.poll(() => shown.textContent()).toContain('50 % off for 3 months');
      expect(await shown.textContent()).toContain('Your offer: Vinterkampanj');
      expect(await page.locator('.plan-card').filter({ hasText: 'Monthly' }).textContent()).toContain('incl. 6 % VAT');
      expect(await page.locator('.pass-section').textContent()).toContain('149 SEK');
      findings.push(...await axeFindings(page, 'offer shown'));

      // Choosing before agreeing: the box says why, is marked, and has the keyboard.
      const monthly = page.getByRole('button', { name: 'Choose Monthly' });
      await tabTo(page, monthly);
      await page.keyboard.press('Enter');
      const consent = page.getByRole('checkbox', { name: /access at once/ });
      await expect.poll(() => consent.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await page.getByRole('alert').filter({ hasText: 'Tick the box' }).count()).toBe(1);
      expect(await consent.getAttribute('aria-invalid')).toBe('true');
      expect(await consent.evaluate((input) => (input.getAttribute('aria-describedby') ?? '').split(' ')
        .map((id) => document.getElementById(id)?.textContent).join(' | '))).toContain('Tick the box to get access at once before you pay.');
      expect(subscriptionCalls()).toBe(callsBefore);
      findings.push(...await axeFindings(page, 'consent missing'));

      await page.keyboard.press('Space');
      await tabTo(page, monthly);
      await page.keyboard.press('Enter');
      const secret = page.locator('[data-client-secret]');
      await expect.poll(() => secret.getAttribute('data-client-secret')).toMatch(/^pi_\w+_secret_/);
      await expect.poll(() => focused(page)).toBe('h2: Payment details');
      const call = new URLSearchParams(stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions').at(-1)!.body);
      expect(call.get('discounts[0][promotion_code]')).toBe(offer.body.stripePromotionCodeId);
      expect(call.get('metadata[fromArticleId]')).toBe(String(article.id));
      expect([call.get('payment_settings[payment_method_types][0]'), call.get('payment_settings[payment_method_types][1]')]).toEqual(['card', 'klarna']);
      findings.push(...await axeFindings(page, 'payment step'));

      // The pass, by keyboard too: Swish and card, once.
      await tabTo(page, page.getByRole('button', { name: 'Choose another plan' }));
      await page.keyboard.press('Enter');
      const pass = page.getByRole('button', { name: 'Buy a month pass for 149 SEK' });
      await tabTo(page, pass);
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).toBe('h2: Payment details');
      expect(await page.locator('.payment-step').textContent()).toContain('Pass: month pass (30 days)');
      const intent = [...stripe.paymentIntents.values()].at(-1)!;
      expect(intent).toMatchObject({ amount: 14900, currency: 'sek', payment_method_types: ['swish', 'card'] });
      findings.push(...await axeFindings(page, 'pass payment step'));

      expect(findings).toEqual([]);
      expect(errors.filter((error) => !/stripe/i.test(error))).toEqual([]);
      await context.close();
    });

    it('says an offer that has ended is gone, in Swedish, and still sells the plans', async () => {
      const context = await env.browser.newContext({ ...DESKTOP, locale: 'sv-SE' });
      const { page } = await openPage(context);
      await page.goto(`${paid.url}/subscribe?offer=FINNSINTE`);
      await expect.poll(() => page.locator('.offer-card').textContent()).toContain('Erbjudandet finns inte längre');
      expect(await page.locator('.plan-card').count()).toBe(2);
      expect(await page.locator('.pass-section').textContent()).toContain('inkl. 6 % moms');
      await context.close();
    });

    it('creates and archives an offer in the admin Offers tab, with Stripe, and the tab passes axe', async () => {
      const admin = await signedInUser(paid.url, paid.db, { role: 'admin' });
      const context = await env.browser.newContext({ ...DESKTOP, locale: 'en-GB' });
      await context.addCookies([...admin.client.cookies].map(([name, value]) => ({ name, value, url: paid.url })));
      const { page, errors } = await openPage(context);
      await page.goto(`${paid.url}/admin?tab=offers`);
      const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'New offer' }) });
      await form.waitFor();

      // The schema's refusal is announced and the first marked field has the keyboard.
      await form.getByRole('button', { name: 'Create offer' }).click();
      await expect.poll(() => form.getByRole('alert').textContent()).toBe('Check the marked fields');
      expect(await focused(page)).toMatch(/^input/);

      await form.getByLabel('Code').fill('sommar-30');
      await form.getByLabel('Name').fill('Sommarkampanj');
      await form.getByLabel('Percent (1–100)').fill('30');
      await form.getByLabel('Discount lasts').selectOption('repeating');
      await form.getByLabel('Months').fill('2');
      await form.getByRole('checkbox', { name: 'Yearly' }).uncheck();
      await form.getByRole('button', { name: 'Create offer' }).click();
      const row = page.locator('.admin-row').filter({ hasText: 'SOMMAR-30' });
      await expect.poll(() => row.textContent()).toContain('30 % off for 2 months');
      expect(await row.textContent()).toContain('0 redeemed');
      const coupon = new URLSearchParams(stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/coupons').at(-1)!.body);
      expect([coupon.get('percent_off'), coupon.get('duration'), coupon.get('duration_in_months')]).toEqual(['30', 'repeating', '2']);
      expect(await axeFindings(page, 'offers tab')).toEqual([]);

      await row.getByRole('button', { name: 'Archive the offer SOMMAR-30' }).click();
      await expect.poll(() => row.textContent()).toContain('Archived');
      const promotion = (await paid.db('offers').where({ code: 'SOMMAR-30' }).first()) as { stripePromotionCodeId: string };
      expect(stripe.promotionCodes.get(promotion.stripePromotionCodeId)!.active).toBe(false);
      expect((await fetch(`${paid.url}/api/offers/sommar-30`)).status).toBe(404);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});
