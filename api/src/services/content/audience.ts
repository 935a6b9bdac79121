import { ADMIN_ROLES, isEntitled } from '@redaktion/shared';
import { toBool, toIso } from '../../db/values.js';
import type { PodcastRow, UserRow } from '../../db/rows.js';

/**
 * Who a caller is to the content (contract.md §3): staff see drafts and premium content, entitled readers
 * (`subscriber`: a subscription or a pass) premium content, readers neither. Worked out once per request (ctx.state.audience); the paywall and the response cache
 * both read that one value, so a cached answer is always the one its audience may see.
 */
export type Audience = 'reader' | 'subscriber' | 'staff';

export const isAdmin = (user: UserRow | null): boolean =>
  Boolean(user && (ADMIN_ROLES as readonly string[]).includes(user.role));

/** Entitled (contract §9 [revenue]): a subscription active or trialing, or a pass that has not ended. */
const subscribes = (user: UserRow) => isEntitled({ subscriptionStatus: user.subscriptionStatus, accessUntil: toIso(user.accessUntil) });

export const audienceOf = (user: UserRow | null): Audience => (!user ? 'reader' : isAdmin(user) ? 'staff' : subscribes(user) ? 'subscriber' : 'reader');

/** Drafts, scheduled and archived items are previews for the newsroom: everyone else sees published content only. */
export const seesDrafts = (audience: Audience): boolean => audience === 'staff';

/** Premium bodies and audio go to subscribers and staff. */
export const readsPremium = (audience: Audience): boolean => audience !== 'reader';

/** Whether an episode's audio may reach this audience: a free one anyone, a premium one subscribers and staff. */
export const hearsEpisode = (audience: Audience, episode: Pick<PodcastRow, 'premium'>): boolean =>
  !toBool(episode.premium) || readsPremium(audience);
