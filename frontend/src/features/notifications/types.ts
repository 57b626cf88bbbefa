import type { UserSummary } from '@daybreak/contracts';

/**
 * A notification as spec §3 describes it. Not in `@daybreak/contracts` yet, so it lives here; only
 * the fields the screens read are required.
 */
export interface AppNotification {
  id: string;
  /** like, comment, follow, post, or another type this client shows with a generic icon. */
  type: string;
  message: string;
  isRead: boolean;
  createdAt: string;
  fromUserId: string | null;
  postId?: string | null;
  fromUser?: Pick<UserSummary, 'profileImageUrl' | 'firstName' | 'lastName' | 'profileName'> | null;
  post?: { imageUrl: string | null } | null;
}
