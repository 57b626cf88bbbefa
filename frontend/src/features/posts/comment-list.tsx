import { displayName, type Comment } from '@daybreak/contracts';
import { Avatar } from '@/components/ui/avatar';
import { useAuth } from '@/features/auth/use-auth';
import { displayInitial } from '@/features/auth/user-initial';
import { cn } from '@/lib/cn';
import { formatRelativeShort } from '@/lib/time';
import { HiddenNotice } from '@/features/moderation/hidden-notice';
import { ReportButton } from '@/features/moderation/report-button';
import { MemberNameLink } from '@/features/profile/member-name-link';
import { DeleteCommentButton } from './delete-actions';

export function CommentList({
  postId,
  postAuthorId,
  comments,
  now = new Date(),
}: {
  postId: string;
  /** The post's author may delete any comment on it, as its own author may (the API's rule). */
  postAuthorId: string;
  comments: readonly Comment[];
  now?: Date;
}) {
  const { user: viewer } = useAuth();
  const mayDelete = (comment: Comment) =>
    viewer !== null && (viewer.id === postAuthorId || comment.user?.id === viewer.id);
  if (comments.length === 0) return null;
  return (
    <ul className="space-y-3" data-testid="comment-list">
      {comments.map((comment) => {
        const author = displayName(comment.user);
        return (
          <li key={comment.id} className="flex gap-2.5" data-testid="comment">
            <Avatar
              src={comment.user?.profileImageUrl}
              initial={displayInitial(comment.user)}
              alt={author}
              size="sm"
            />
            <div className="min-w-0 flex-1 rounded-xl bg-canvas px-3 py-2">
              <p className="flex items-baseline gap-2 text-xs">
                {comment.user?.id ? (
                  <MemberNameLink member={comment.user} className="min-w-0" />
                ) : (
                  <span className="min-w-0 truncate font-bold text-ink">{author}</span>
                )}
                <time dateTime={comment.createdAt} className="shrink-0 text-muted">
                  {formatRelativeShort(comment.createdAt, now)}
                </time>
                {mayDelete(comment) && <DeleteCommentButton postId={postId} commentId={comment.id} />}
                <ReportButton
                  target={{ type: 'comment', id: comment.id, authorId: comment.user?.id ?? '' }}
                  className={cn(
                    'shrink-0 rounded p-0.5 text-faint hover:bg-surface-strong hover:text-ink-soft',
                    !mayDelete(comment) && 'ml-auto',
                  )}
                  iconClassName="size-3.5"
                />
              </p>
              {comment.isHidden && <HiddenNotice what="comment" />}
              <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-ink-soft">
                {comment.content}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
