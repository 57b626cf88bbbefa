import type { UserSummary } from './user';

/**
 * A member in the find-people list, a search result or a follower list. Spec §7 promises id and
 * names at least; lists that show an e-mail show its local part, and the follow button reads
 * `isFollowing`.
 */
export interface UserListItem extends UserSummary {
  email?: string | null;
  isFollowing?: boolean;
}

/** One day of a leaderboard week: counted once, 5 AM before 6 AM (spec §9). */
export interface WeekDayActivity {
  /** Calendar date, YYYY-MM-DD. */
  date: string;
  /** Short weekday name, e.g. 'Mon'. */
  dayName: string;
  activityType: '5am' | '6am' | 'none';
}

/** `GET /api/following/leaderboard/weekly`: one member of the week's ranking (spec §3). */
export interface LeaderboardEntry {
  id: string;
  isCurrentUser: boolean;
  profileName: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  profileImageUrl: string | null;
  fiveAmDaysThisWeek: number;
  sixAmDaysThisWeek: number;
  currentStreak: number;
  /** Monday to Sunday. */
  weeklyData: WeekDayActivity[];
}

/**
 * `POST /api/invites/generate` (the member's current link, or a new one) and `POST /api/invites/renew`
 * (a new one; the old link stops working). A link works for many friends until `expiresAt` (ADR 0030).
 */
export interface GeneratedInvite {
  inviteCode: string;
  /** ISO instant: 30 days after the link was made. */
  expiresAt: string;
}

/** `POST /api/invites/{code}/shared`: the member copied or shared their link. */
export interface SharedInvite {
  /** True the first time: the link now counts toward the invites-sent badges. */
  counted: boolean;
}

/** Who sent an invite (spec §3 Inviter). */
export interface Inviter {
  profileName: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  streakCount: number;
  /** The viewer sent it: their own link, which they can share but not accept. */
  isCurrentUser: boolean;
}

/** `GET /api/invites/{code}` for a valid code. */
export interface InviteLookup {
  inviter: Inviter;
}

/** Spec §9: the find-people list asks for up to 100 members. */
export const USERS_LIST_LIMIT = 100;

/** `POST` and `DELETE /api/users/{id}/follow`: where the follow stands now, and the member's new count. */
export interface FollowResult {
  isFollowing: boolean;
  followersCount: number;
}
