import type { CurrentUser, EventPayload, ExportedProfile, UserProfile } from '@daybreak/contracts';
import type { User } from './user.entity';

/** What the social service knows of a profile; the gateway adds the streaks (spec §3 User). */
export type SocialProfile = Omit<UserProfile, 'currentStreak' | 'longestStreak'>;

/** How a member is named and pictured, in every view of them. */
const namesOf = (user: User) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  profileName: user.profileName,
  profileImageUrl: user.profileImageUrl,
});

/** What a profile shows of a member besides their names: the same on their page and in their export. */
const profileFieldsOf = (user: User) => ({
  bio: user.bio,
  timezone: user.timezone,
  createdAt: user.createdAt.toISOString(),
  followersCount: user.followersCount,
  followingCount: user.followingCount,
});

export function toCurrentUser(user: User): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    ...namesOf(user),
    timezone: user.timezone,
    createdAt: user.createdAt.toISOString(),
  };
}

export function toSnapshot(user: User): EventPayload<'user.registered'> {
  return {
    userId: user.id,
    email: null, // events carry no e-mail addresses
    ...namesOf(user),
    timezone: user.timezone,
  };
}

/** Spec §3: the e-mail only on the member's own profile. */
export function toProfile(user: User, viewerId: string | null, isFollowing: boolean): SocialProfile {
  return {
    id: user.id,
    ...(viewerId === user.id ? { email: user.email } : {}),
    ...namesOf(user),
    ...profileFieldsOf(user),
    updatedAt: user.updatedAt.toISOString(),
    isFollowing,
  };
}

/** The member's own profile in their export (issue 42), e-mail included. */
export function toExportedProfile(user: User): ExportedProfile {
  return { id: user.id, email: user.email, ...namesOf(user), ...profileFieldsOf(user) };
}
