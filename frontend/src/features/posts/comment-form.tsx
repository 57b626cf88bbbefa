import { COMMENT_MAX_LENGTH } from '@daybreak/contracts';
import { Send } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { GuestSignInLink } from '@/features/auth/guest-sign-in-link';
import { toastActionError } from '@/features/auth/session';
import { useAuth } from '@/features/auth/use-auth';
import { refusalDetail } from '@/lib/api-client';
import { useAddComment } from './queries';

/** Comment box. The failure text differs between the feed and the detail page (spec §8). */
export function CommentForm({
  postId,
  failureMessage,
  openedByMember = false,
}: {
  postId: string;
  failureMessage: string;
  /** The member pressed Comment to open this box: their focus follows them into it. */
  openedByMember?: boolean;
}) {
  const { isAuthenticated } = useAuth();
  const [text, setText] = useState('');
  const addComment = useAddComment(postId);
  const trimmed = text.trim();
  const input = useRef<HTMLInputElement>(null);

  // Focus follows the member's own press of Comment, so it moves here rather than through `autoFocus`,
  // which would take it from wherever a box mounts, a page load included.
  useEffect(() => {
    if (openedByMember) input.current?.focus();
  }, [openedByMember]);

  if (!isAuthenticated) {
    // Spec §5: a guest who tries to comment is told, then sent to login.
    return (
      <GuestSignInLink
        explanation="Log in to comment on posts."
        data-testid="comment-login"
        className="flex h-10 w-full items-center rounded-xl border border-dashed border-line-strong px-3 text-sm text-subtle hover:border-amber-400 hover:text-ink-soft"
      >
        Log in to comment...
      </GuestSignInLink>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trimmed) return;
    addComment.mutate(trimmed, {
      onSuccess: () => {
        setText('');
        toast({ title: 'Success', description: 'Comment posted successfully.', variant: 'success' });
      },
      onError: (error) => toastActionError(error, refusalDetail(error) ?? failureMessage),
    });
  }

  return (
    <form onSubmit={submit} className="flex items-center gap-2" aria-label="Add a comment">
      <label htmlFor={`comment-${postId}`} className="sr-only">
        Write a comment
      </label>
      <input
        id={`comment-${postId}`}
        data-testid="comment-input"
        value={text}
        onChange={(event) => setText(event.target.value)}
        ref={input}
        placeholder="Write a comment..."
        // What the server accepts: a longer comment would be refused after it was written.
        maxLength={COMMENT_MAX_LENGTH}

        className="h-10 min-w-0 flex-1 rounded-xl border border-line bg-surface-muted px-3 text-sm placeholder:text-faint focus:border-amber-400 focus:bg-surface focus:outline-none"
      />
      <Button
        type="submit"
        size="icon"
        variant="primary"
        aria-label="Post comment"
        data-testid="comment-submit"
        disabled={addComment.isPending || !trimmed}
      >
        <Send aria-hidden="true" />
      </Button>
    </form>
  );
}
