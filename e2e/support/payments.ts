import { afterAll, beforeAll } from 'vitest';
import { startStripeStandIn } from '../../api/test/stand-ins/stripe.js';
import { startTestServer, type TestServer } from '../../api/test/support/test-server.js';

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/**
 * A seeded server that takes payments through a local stand-in for Stripe's API (Stripe.js itself cannot load here),
 * started before the tests of the block that calls this and stopped after them; `use` receives both.
 */
export function paidServerFor(use: (server: TestServer, stripe: StripeStandIn) => void): void {
  let stripe: StripeStandIn;
  let server: TestServer;
  beforeAll(async () => {
    stripe = await startStripeStandIn('sk_test_e2e');
    server = await startTestServer({
      seed: true,
      env: { STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e', STRIPE_WEBHOOK_SECRET: 'whsec_e2e', STRIPE_API_BASE: stripe.origin },
    });
    use(server, stripe);
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });
}
