import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentProps, type ReactNode } from 'react';
import { toast } from '@/components/ui/use-toast';
import { toastActionError } from '@/features/auth/session';
import type { ConfirmDeleteProps } from './confirm-delete-dialog';
import { forgetPost, useDeleteComment, useDeletePost } from './queries';

// The dialog (Radix) is 15 KB of gzip the feed's first load would otherwise carry for a rare action.
const ConfirmDeleteDialog = lazy(() =>
  import('./confirm-delete-dialog').then((module) => ({ default: module.ConfirmDeleteDialog })),
);

/**
 * A delete button that asks first. Not in the spec, which is silent on deleting; what members of a
 * social app expect (the API has long allowed it). `remove` is awaited rather than given mutate's
 * callbacks: those do not run once the deleted thing's card or row has left the screen.
 */
function ConfirmDelete({
  button,
  remove,
  deletedMessage,
  failedMessage,
  afterDeleted,
  ...dialog
}: Omit<ConfirmDeleteProps, 'open' | 'onOpenChange' | 'onConfirm'> & {
  button: (props: ComponentProps<'button'>) => ReactNode;
  remove: () => Promise<unknown>;
  deletedMessage: string;
  failedMessage: string;
  /** Runs once it is gone and the dialog has closed (e.g. leave the deleted post's page). */
  afterDeleted?: () => Promise<unknown> | void;
}) {
  const [open, setOpen] = useState(false);
  async function confirm() {
    try {
      await remove();
    } catch (error) {
      toastActionError(error, failedMessage);
      return;
    }
    setOpen(false);
    toast({ title: 'Success', description: deletedMessage, variant: 'success' });
    await afterDeleted?.();
  }
  return (
    <>
      {button({ type: 'button', onClick: () => setOpen(true), 'aria-haspopup': 'dialog' })}
      {open && (
        <Suspense fallback={null}>
          <ConfirmDeleteDialog {...dialog} open onOpenChange={setOpen} onConfirm={() => void confirm()} />
        </Suspense>
      )}
    </>
  );
}

/** The author's delete on a post card or its page; `onDeleted` runs once it is gone (leave its page). */
export function DeletePostButton({
  postId,
  className,
  withLabel = false,
  onDeleted,
}: {
  postId: string;
  className: string;
  withLabel?: boolean;
  onDeleted?: () => Promise<unknown> | void;
}) {
  const queryClient = useQueryClient();
  const remove = useDeletePost(postId);
  return (
    <ConfirmDelete
      testId="delete-post"
      title="Delete this post?"
      description="It leaves the feed and your profile with its likes and comments. This can't be undone."
      pending={remove.isPending}
      remove={() => remove.mutateAsync()}
      deletedMessage="Post deleted."
      failedMessage="Failed to delete post. Please try again."
      afterDeleted={async () => {
        await onDeleted?.();
        forgetPost(queryClient, postId);
      }}
      button={(props) => (
        <button {...props} className={className} data-testid="delete-post-button">
          <Trash2 className="size-5" aria-hidden="true" />
          <span className={withLabel ? undefined : 'sr-only'}>Delete post</span>
        </button>
      )}
    />
  );
}

/** Delete on a comment, for its author and for the post's author. */
export function DeleteCommentButton({ postId, commentId }: { postId: string; commentId: string }) {
  const remove = useDeleteComment(postId);
  return (
    <ConfirmDelete
      testId="delete-comment"
      title="Delete this comment?"
      description="This can't be undone."
      pending={remove.isPending}
      remove={() => remove.mutateAsync(commentId)}
      deletedMessage="Comment deleted."
      failedMessage="Failed to delete comment. Please try again."
      button={(props) => (
        <button
          {...props}
          className="ml-auto shrink-0 rounded p-0.5 text-faint hover:bg-surface-strong hover:text-ink-soft"
          data-testid="delete-comment-button"
        >
          <Trash2 className="size-3.5" aria-hidden="true" />
          <span className="sr-only">Delete comment</span>
        </button>
      )}
    />
  );
}
