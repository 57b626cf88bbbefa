import {
  FEED_PAGE_SIZE,
  MAX_PAGE_OFFSET,
  type Post,
  type ProfileUpdate,
  type ProfileWithPosts,
} from '@daybreak/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { authKeys } from '@/features/auth/queries';
import {
  fetchProfile,
  fetchProfilePosts,
  requestUploadUrl,
  updateProfile,
  updateProfilePhoto,
  uploadFile,
} from '@/lib/profile-api';

/** Profile data lives under `/api/profile/{id}`; statistics and badges hang below it. */
export const profileKeys = {
  all: ['/api/profile'] as const,
  detail: (userId: string) => ['/api/profile', userId] as const,
  statistics: (userId: string) => ['/api/profile', userId, 'statistics'] as const,
  badges: (userId: string) => ['/api/profile', userId, 'badges'] as const,
  /** The pages after the first ("Load more posts"); the profile itself carries the first. */
  morePosts: (userId: string) => ['/api/profile', userId, 'posts'] as const,
};

/** The member (spec §3 User) with their posts. */
export function profileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: profileKeys.detail(userId),
    queryFn: ({ signal }) => fetchProfile(userId, { signal }),
  });
}

/** The member's posts after the profile's first page, 10 at a time like the feed (spec §9). */
export function profileMorePostsQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: profileKeys.morePosts(userId),
    queryFn: ({ pageParam, signal }) => fetchProfilePosts(userId, pageParam, { signal }),
    initialPageParam: FEED_PAGE_SIZE,
    // Another page only after a full one, and no deeper than the API pages (a 400 past it).
    getNextPageParam: (lastPage, _pages, lastOffset) => {
      const next = lastOffset + lastPage.length;
      return lastPage.length < FEED_PAGE_SIZE || next > MAX_PAGE_OFFSET ? undefined : next;
    },
  });
}

/** Applies `update` to every cached page of members' older posts (a like, a comment, a delete). */
export function updateCachedProfilePosts(queryClient: QueryClient, update: (posts: Post[]) => Post[]): void {
  queryClient.setQueriesData<InfiniteData<Post[], number>>(
    { queryKey: profileKeys.all, predicate: (query) => query.queryKey[2] === 'posts' },
    (more) => (more ? { ...more, pages: more.pages.map(update) } : more),
  );
}

/** Applies `update` to every cached profile (not their statistics or badges, which sit deeper). */
export function updateCachedProfiles(
  queryClient: QueryClient,
  update: (profile: ProfileWithPosts) => ProfileWithPosts,
): void {
  queryClient.setQueriesData<ProfileWithPosts>(
    { queryKey: profileKeys.all, predicate: (query) => query.queryKey.length === 2 },
    (profile) => (profile ? update(profile) : profile),
  );
}

/** After a change to the member: the header reads the current user, the screen their profile (spec §4). */
function refreshMember(queryClient: QueryClient, userId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: authKeys.user }),
    queryClient.invalidateQueries({ queryKey: profileKeys.detail(userId), exact: true }),
  ]);
}

/** `PUT /api/profile`, sent trimmed; the caller words success and failure. */
export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profileName, bio }: ProfileUpdate) =>
      updateProfile({ profileName: profileName.trim(), bio: bio.trim() }),
    onSuccess: () => refreshMember(queryClient, userId),
  });
}

/** Which step of a photo upload failed; each has its own words in spec §8. */
export type PhotoUploadStep = 'upload-url' | 'upload' | 'save';

export class PhotoUploadError extends Error {
  constructor(
    readonly step: PhotoUploadStep,
    cause: unknown,
  ) {
    super(`Photo upload failed at ${step}`, { cause });
  }
}

async function step<T>(name: PhotoUploadStep, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new PhotoUploadError(name, error);
  }
}

/**
 * The three steps of spec §7: ask for an upload address, PUT the file there, then save the stored
 * object as the member's photo. Failures name their step.
 */
export function useUploadProfilePhoto(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const { uploadURL } = await step('upload-url', async () => {
        const answer = await requestUploadUrl();
        if (!answer?.uploadURL) throw new Error('No upload URL');
        return answer;
      });
      const { objectPath } = await step('upload', () => uploadFile(uploadURL, file));
      await step('save', () => updateProfilePhoto({ profileImageUrl: objectPath }));
    },
    onSuccess: () => refreshMember(queryClient, userId),
  });
}
