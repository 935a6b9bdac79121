import { afterAll, beforeAll } from 'vitest';
import { startStripeStandIn } from '../stand-ins/stripe.js';
import { startTestServer, type TestServer } from './test-server.js';

export const STRIPE_SECRET = 'sk_test_redaktion';
export const STRIPE_WEBHOOK_SECRET = 'whsec_redaktion_test';
export const STRIPE_PUBLISHABLE_KEY = 'pk_test_redaktion';

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/**
 * A test server configured for Stripe against the local stand-in, started before the file's tests and stopped after
 * them; `env` adds to (or overrides) its environment. The fields are set once the file's first hook has run.
 */
export function serverWithStripe(env: Record<string, string> = {}): { stripe: StripeStandIn; server: TestServer } {
  const running = {} as { stripe: StripeStandIn; server: TestServer };
  beforeAll(async () => {
    running.stripe = await startStripeStandIn(STRIPE_SECRET);
    running.server = await startTestServer({
      env: {
        STRIPE_SECRET_KEY: STRIPE_SECRET, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE: running.stripe.origin, ...env,
      },
    });
  });
  afterAll(async () => {
    await running.server?.close();
    await running.stripe?.close();
  });
  return running;
}
