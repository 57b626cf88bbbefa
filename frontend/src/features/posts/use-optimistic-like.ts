import type { Post } from '@daybreak/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toastActionError } from '@/features/auth/session';
import { trackEvent } from '@/lib/analytics';
import { toggleLike } from '@/lib/posts-api';
import { refusalDetail } from '@/lib/api-client';
import { createLikeQueue, type LikeQueue } from './like-queue';
import { applyLike } from './post-cache';
import { updateCachedPost } from './queries';

export const LIKE_FAILED_MESSAGE = 'Failed to update like. Please try again.';

/** A like that failed: the server's message when it refused (a block), else the spec's text. */
export function toastLikeFailed(error: unknown): void {
  toastActionError(error, refusalDetail(error) ?? LIKE_FAILED_MESSAGE);
}

/**
 * Feed like (spec §4): heart and count flip at once, revert on error. Taps go through a queue so a
 * burst of taps ends in the state of the last one.
 */
export function useOptimisticLike(post: Post): () => void {
  const queryClient = useQueryClient();
  const queue = useRef<LikeQueue | null>(null);

  if (queue.current === null) {
    queue.current = createLikeQueue({
      initialLiked: post.isLiked,
      send: () => toggleLike(post.id),
      // Settle the count to the server's, unless the member has tapped again since.
      onSent: (settled) => {
        updateCachedPost(queryClient, post.id, (cached) =>
          cached.isLiked === settled.isLiked ? { ...cached, likesCount: settled.likesCount } : cached,
        );
      },
      onError: (error, serverLiked) => {
        updateCachedPost(queryClient, post.id, (cached) => applyLike(cached, serverLiked));
        toastLikeFailed(error);
      },
    });
  }

  // Fresh server data (a refetch) becomes the new baseline when no toggle is in flight.
  useEffect(() => {
    queue.current?.sync(post.isLiked);
  }, [post.isLiked]);

  // A member's tap: a guest's like is a link to sign-in (LikeButton).
  return () => {
    const liked = queue.current?.toggle() ?? !post.isLiked;
    updateCachedPost(queryClient, post.id, (cached) => applyLike(cached, liked));
    if (liked) trackEvent('post_liked', { post_id: post.id });
  };
}
