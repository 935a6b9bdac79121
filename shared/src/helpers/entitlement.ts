import { ENTITLED_SUBSCRIPTION_STATUSES } from '../constants.js';

/** What decides entitlement: the subscription's Stripe state and the end of a pass (contract §9 [revenue]). */
export interface Entitlement {
  subscriptionStatus: string | null;
  /** When a pass (bought by Swish or card, no renewal) stops giving access; ISO 8601. */
  accessUntil: string | null;
}

/**
 * The one rule of who may read premium text, hear premium audio, use private feeds, see no ads and give gifts: a
 * subscription that is active or trialing, or a pass that has not ended. The server decides with it; the app only uses
 * it to choose what to offer (the server withholds what the reader may not have).
 */
export const isEntitled = (reader: Entitlement | null, now: number = Date.now()): boolean =>
  Boolean(reader && ((ENTITLED_SUBSCRIPTION_STATUSES as readonly (string | null)[]).includes(reader.subscriptionStatus)
    || (reader.accessUntil !== null && Date.parse(reader.accessUntil) > now)));
