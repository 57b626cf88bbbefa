import { z } from 'zod';

/**
 * A member's blocks and mutes (issue 42). Social owns them; a service that filters by them keeps its
 * own read model of the pairs from these events (docs/adr/0022-blocks-and-mutes-live-in-social.md).
 * Keyed by the member who blocks or mutes, so one member's changes stay in order.
 */
export const userBlockedV1 = z.object({ blockerId: z.uuid(), blockedId: z.uuid() });
export const userUnblockedV1 = userBlockedV1;

export const userMutedV1 = z.object({ muterId: z.uuid(), mutedId: z.uuid() });
export const userUnmutedV1 = userMutedV1;
