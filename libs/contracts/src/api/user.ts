import type { TimeClassification } from '../events/post.events';

/** The signed-in member, as `GET /api/auth/user` returns it. */
export interface CurrentUser {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileName: string | null;
  profileImageUrl: string | null;
  /** IANA zone stored for the member; the SPA sends the browser's zone when it differs. */
  timezone?: string | null;
  /** When the member first signed in (ISO). */
  createdAt?: string;
  /** A moderator (issue 42; the gateway says so from the session): the SPA shows /moderation. */
  isModerator?: boolean;
  /** Suspended by a moderator: the member can read but not write (SUSPENDED_MESSAGE). */
  isSuspended?: boolean;
}

/** The social service's answer to a sign-in: the member, and whether this sign-in created them. */
export interface SignedInMember extends CurrentUser {
  isNewMember: boolean;
}

/**
 * A one-shot, script-readable cookie the gateway sets on the redirect that completes a sign-in, so the
 * SPA can record `sign_up` (a new member) or `login` (spec §7) once and then clear it. It holds only
 * one of the `SignInOutcome` words and lives a minute at most.
 */
export const SIGN_IN_OUTCOME_COOKIE = 'daybreak.sign_in';
export type SignInOutcome = 'new' | 'returning';

/** `POST /api/logout`: where the browser goes next (the provider's sign-out page, or `/`). */
export interface SignOutResponse {
  redirectTo: string;
}

/** A member as embedded in posts, comments and lists. */
export interface UserSummary {
  id: string;
  firstName: string | null;
  lastName: string | null;
  profileName: string | null;
  profileImageUrl: string | null;
}

export interface UserProfile extends UserSummary {
  /** Only present on the viewer's own profile. */
  email?: string | null;
  bio: string | null;
  timezone: string | null;
  createdAt: string;
  updatedAt: string;
  followersCount: number;
  followingCount: number;
  isFollowing: boolean;
  currentStreak: number;
  longestStreak: number;
}

type Named = Pick<UserSummary, 'profileName' | 'firstName' | 'lastName'>;

/** Spec §3: profileName, else first plus last, else first name, else the given fallback. */
export function displayName(user: Named | null | undefined, fallback = 'Member'): string {
  if (!user) return fallback;
  const profileName = user.profileName?.trim();
  if (profileName) return profileName;
  const first = user.firstName?.trim();
  const last = user.lastName?.trim();
  if (first && last) return `${first} ${last}`;
  if (first) return first;
  return fallback;
}

/** One period of the activity calendar: early (5am/6am), posted later in the day (any), or nothing. */
export interface DayActivity {
  date: string;
  activityType: '5am' | '6am' | 'any' | 'none';
}

/** Spec §3 "Statistics". */
export interface Statistics {
  fiveAmPostsCount: number;
  sixAmPostsCount: number;
  currentStreak: number;
  longestStreak: number;
  /** The last 30 streak periods, oldest first. */
  last30DaysActivity: DayActivity[];
}

/** One early post in the streak test (`localTime` is the post's wall clock in the tested zone). */
export interface StreakTestPost {
  id: string;
  content: string;
  date: string;
  localTime: string;
  timeClassification: TimeClassification;
}

/**
 * The streak test lists the member's newest early posts, this many at most: a member with years of
 * them would otherwise make one request read and send every one (issue 40). Streaks and counts still
 * cover all of them.
 */
export const STREAK_TEST_POST_LIMIT = 100;

/** A post's text alone, by id: what the streak test borrows from the posts service. */
export type PostText = Pick<StreakTestPost, 'id' | 'content'>;

/** `GET /api/test/streak-calculation/{userId}?timezone={tz}` (spec §3 "Streak test result"). */
export interface StreakTestResult {
  user: UserSummary;
  timezone: string;
  currentStats: Pick<Statistics, 'currentStreak' | 'longestStreak' | 'fiveAmPostsCount' | 'sixAmPostsCount'>;
  earlyPosts: StreakTestPost[];
}
