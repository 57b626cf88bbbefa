import { displayName, type Post } from '@daybreak/contracts';
import type { ReactNode } from 'react';
import { useAuth } from '@/features/auth/use-auth';
import { ReportMenuItem } from '@/features/moderation/report-menu-item';
import { SafetyMenuItem } from '@/features/safety/safety-menu-item';
import { postAuthor } from './post-author';

/**
 * The post menu's entries, one a line (issue 42: MUTE, BLOCK, REPORT): each is a DropdownMenu.Item, and one that asks first
 * gives its dialog to `show` (null closes it).
 */
export function PostMenuItems({
  post,
  show,
  onBlocked,
}: {
  post: Post;
  show: (dialog: ReactNode) => void;
  onBlocked?: () => void;
}) {
  const { user: viewer } = useAuth();
  const author = { id: post.userId, name: displayName(postAuthor(post, viewer)) };
  return (
    <>
      <SafetyMenuItem kind="mute" member={author} show={show} />
      <SafetyMenuItem kind="block" member={author} show={show} onDone={onBlocked} />
      <ReportMenuItem target={{ type: 'post', id: post.id, authorId: post.userId }} show={show} />
    </>
  );
}
