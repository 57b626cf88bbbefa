/** The test pages' calls (spec §7), apart so no screen of the product reaches them by accident. */
import type { Post, StreakTestResult } from '@daybreak/contracts';
import { getJson, readJson, segment, type RequestOptions } from './api-client';

export function fetchStreakTest(
  userId: string,
  timezone: string,
  options?: RequestOptions,
): Promise<StreakTestResult> {
  return getJson<StreakTestResult>(
    `/api/test/streak-calculation/${segment(userId)}?${new URLSearchParams({ timezone })}`,
    options,
  );
}

/**
 * The empty-feed test page's posts. Its failure text is its own (spec §8: 'Failed to fetch posts:
 * {status text}'), so it does not use the shared error format.
 */
export async function fetchTestEmptyPosts({ signal }: RequestOptions = {}): Promise<Post[]> {
  const response = await fetch('/api/test/empty-posts', { credentials: 'include', signal });
  if (!response.ok) throw new Error(`Failed to fetch posts: ${response.statusText}`);
  return (await readJson<Post[] | null>(response)) ?? [];
}
