import { z } from 'zod';

/** The public part of a member's profile that other services keep a copy of. */
export const userSnapshotSchema = z.object({
  userId: z.uuid(),
  /**
   * Always null: events carry no e-mail addresses (only social keeps them). The field stays in
   * version 1 so consumers built before still parse new events, and an older event's address is
   * dropped when parsed.
   */
  email: z
    .string()
    .nullish()
    .transform(() => null),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** IANA zone, e.g. Europe/Paris. */
  timezone: z.string().nullable(),
});

export const userRegisteredV1 = userSnapshotSchema;
export const userUpdatedV1 = userSnapshotSchema;

/**
 * A member deleted their account (issue 42): every service erases what it holds of them in its
 * consumer (ARCHITECTURE §11). Keyed by the member, so it comes after their own snapshots.
 */
export const userDeletedV1 = z.object({ userId: z.uuid() });

export const userFollowedV1 = z.object({ followerId: z.uuid(), followeeId: z.uuid() });
export const userUnfollowedV1 = userFollowedV1;

export const inviteCreatedV1 = z.object({ inviteCode: z.string().min(1), inviterId: z.uuid() });
/** The member copied or shared the link for the first time: it counts as an invite sent. */
export const inviteSharedV1 = inviteCreatedV1;
export const inviteAcceptedV1 = z.object({
  inviteCode: z.string().min(1),
  inviterId: z.uuid(),
  inviteeId: z.uuid(),
});
