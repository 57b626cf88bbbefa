import { z } from 'zod';

/**
 * A member's blocks and mutes (issue 42). Social owns them; a service that filters by them keeps its
 * own read model of the pairs from these events (docs/adr/0023-blocks-and-mutes-live-in-social.md).
 * Keyed by the member who blocks or mutes, so one member's changes stay in order.
 */

/**
 * How many block and mute changes the member who made this one has made, this one included (1, 2,
 * …, across both kinds). A read model that has applied version n of a member has applied all their
 * earlier changes, so a reader that knows the member's newest version can tell whether it is
 * behind (reading one's own change at once, ADR 0023).
 */
const safetyVersion = z.int().positive();

export const userBlockedV1 = z.object({ blockerId: z.uuid(), blockedId: z.uuid(), version: safetyVersion });
export const userUnblockedV1 = userBlockedV1;

export const userMutedV1 = z.object({ muterId: z.uuid(), mutedId: z.uuid(), version: safetyVersion });
export const userUnmutedV1 = userMutedV1;
