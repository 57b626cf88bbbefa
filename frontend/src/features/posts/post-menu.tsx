import type { Post } from '@daybreak/contracts';
import { Ellipsis } from 'lucide-react';
import { forwardRef, lazy, Suspense, useState, type ComponentProps } from 'react';
import { useAuth } from '@/features/auth/use-auth';

// The dropdown (Radix, with its positioning) loads on the first open: the feed's first load, which
// shows a menu button on nearly every card, does not carry it for a rarely used menu.
const PostMenuDropdown = lazy(() =>
  import('./post-menu-dropdown').then((module) => ({ default: module.PostMenuDropdown })),
);

/** The menu's button, the same before and after the dropdown has loaded. */
export const PostMenuButton = forwardRef<HTMLButtonElement, ComponentProps<'button'>>(
  function PostMenuButton(props, ref) {
    return (
      <button
        ref={ref}
        type="button"
        aria-haspopup="menu"
        className="-mr-1 shrink-0 self-start rounded-lg p-1 text-subtle transition-colors hover:bg-canvas hover:text-ink"
        data-testid="post-menu-button"
        {...props}
      >
        <Ellipsis className="size-5" aria-hidden="true" />
        <span className="sr-only">More options for this post</span>
      </button>
    );
  },
);

/**
 * "⋯" on another member's post, on feed cards and the post page (issue 42): what the viewer can do
 * about its author (post-menu-items.tsx). Members only; not on one's own posts. `onBlocked` runs
 * once the viewer blocked the author (the post page leaves: the post is not found to them now).
 */
export function PostMenu({ post, onBlocked }: { post: Post; onBlocked?: () => void }) {
  const { user: viewer } = useAuth();
  const [opened, setOpened] = useState(false);
  if (!viewer || viewer.id === post.userId) return null;
  if (!opened) return <PostMenuButton onClick={() => setOpened(true)} />;
  return (
    <Suspense fallback={<PostMenuButton aria-busy="true" />}>
      <PostMenuDropdown post={post} onBlocked={onBlocked} />
    </Suspense>
  );
}
