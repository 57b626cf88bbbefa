import type { UserListItem } from '@daybreak/contracts';
import { useQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { promptAuthenticationRequired } from '@/features/auth/session';
import { isUnauthorizedError } from '@/lib/api-client';
import { FollowButton } from './follow-button';
import { useFollowToggle, userSearchQueryOptions, usersListQueryOptions } from './queries';
import { UserRow, listName } from './user-row';

/** Spec §8: the words for a failed load of the people list or of a search. */
const loadFailure = {
  list: {
    unauthorized: 'Please log in to view users.',
    title: 'Error',
    description: 'Failed to load users. Please try again.',
  },
  search: {
    unauthorized: 'Please log in to search for users.',
    title: 'Search Error',
    description: 'Failed to search for users. Please try again.',
  },
} as const;

/** Raises the spec's toast once for each failure of a load. */
function useLoadFailureToast(error: Error | null, failedAt: number, kind: keyof typeof loadFailure): void {
  useEffect(() => {
    if (!error) return;
    const words = loadFailure[kind];
    if (isUnauthorizedError(error)) promptAuthenticationRequired(words.unauthorized);
    else toast({ title: words.title, description: words.description, variant: 'destructive' });
  }, [error, failedAt, kind]);
}

/** FIND PEOPLE (spec §2): the people list, and search results once a search is made. */
export function FindPeople() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const searching = query !== '';
  const list = useQuery(usersListQueryOptions(!searching));
  const results = useQuery(userSearchQueryOptions(query));
  useLoadFailureToast(list.error, list.errorUpdatedAt, 'list');
  useLoadFailureToast(results.error, results.errorUpdatedAt, 'search');

  const canSearch = text.trim() !== '';
  const shown = searching ? results : list;

  function search(event: FormEvent) {
    event.preventDefault();
    // Spec §5: search needs non-blank text.
    if (!canSearch) return;
    setQuery(text.trim());
  }

  function clear() {
    setText('');
    setQuery('');
  }

  return (
    <div className="space-y-4">
      <form className="flex gap-2" role="search" onSubmit={search}>
        <label className="relative flex-1">
          <span className="sr-only">Search people</span>
          <Search className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-faint" aria-hidden="true" />
          <input
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Search by name"
            className="h-10 w-full rounded-xl border border-line bg-surface pr-3 pl-9 text-base placeholder:text-faint focus:border-amber-400 focus:outline-none"
            data-testid="people-search-input"
          />
        </label>
        <Button type="submit" disabled={!canSearch} data-testid="people-search-submit">
          SEARCH
        </Button>
      </form>

      {searching && (
        <div className="flex items-center justify-between text-sm text-muted">
          <p className="line-clamp-2 min-w-0 wrap-anywhere" data-testid="search-summary">
            Results for <span className="font-bold text-ink">“{query}”</span>
          </p>
          <Button variant="ghost" size="sm" onClick={clear} data-testid="people-search-clear">
            <X aria-hidden="true" /> Clear
          </Button>
        </div>
      )}

      <Card className="overflow-hidden">
        {shown.isPending && <PeopleSkeleton />}
        {shown.isLoadingError && (
          <div className="flex flex-col items-center gap-3 px-6 py-10 text-center" data-testid="people-error">
            <p className="text-sm text-muted">
              {searching ? loadFailure.search.description : loadFailure.list.description}
            </p>
            <Button variant="outline" onClick={() => void shown.refetch()}>
              Try Again
            </Button>
          </div>
        )}
        {shown.data && shown.data.length === 0 && (
          <p className="px-6 py-10 text-center text-sm text-subtle" data-testid="people-empty">
            {searching ? 'No members match your search.' : 'No other members yet.'}
          </p>
        )}
        {shown.data && shown.data.length > 0 && (
          <ul
            className="divide-y divide-line-soft"
            data-testid={searching ? 'search-results' : 'people-list'}
          >
            {shown.data.map((user) => (
              <UserRow key={user.id} user={user} action={<RowFollowButton user={user} />} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function RowFollowButton({ user }: { user: UserListItem }) {
  const toggle = useFollowToggle(user.id, {
    onFollowed: (following) =>
      toast({ title: following ? 'Now following user.' : 'Unfollowed user.', variant: 'success' }),
    onFailed: (_error, wanted) =>
      toast(
        wanted
          ? {
              title: 'Follow Error',
              description: 'Failed to follow user. Please try again.',
              variant: 'destructive',
            }
          : {
              title: 'Unfollow Error',
              description: 'Failed to unfollow user. Please try again.',
              variant: 'destructive',
            },
      ),
  });
  const following = user.isFollowing ?? false;
  return (
    <FollowButton size="sm" following={following} name={listName(user)} onClick={() => toggle(following)} />
  );
}

function PeopleSkeleton() {
  return (
    <ul aria-busy="true" aria-label="Loading people" data-testid="people-skeleton">
      {[0, 1, 2, 3].map((row) => (
        <li key={row} className="flex items-center gap-3 px-4 py-3">
          <Skeleton rounded="full" className="size-10" />
          <Skeleton className="h-3 w-40" />
        </li>
      ))}
    </ul>
  );
}
