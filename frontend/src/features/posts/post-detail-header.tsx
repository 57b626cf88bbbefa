import { displayName, type Post, type UserSummary } from '@daybreak/contracts';
import { Link } from '@tanstack/react-router';
import { Avatar } from '@/components/ui/avatar';
import { displayInitial } from '@/features/auth/user-initial';
import { dateFormat } from '@/lib/time';
import { useHydrated } from '@/lib/use-hydrated';
import { ClubChip } from './club-chip';
import { EarlyBirdTag } from './early-bird-tag';
import { PostMenu } from './post-menu';

/** The zone a post's date is written in where the device's is unknown (the server's render). */
const SERVER_ZONE = { timeZone: 'UTC' } as const;

/** A post's page, top: its author, its full date and time, its club and its menu. */
export function PostDetailHeader({
  post,
  author,
  onBlocked,
}: {
  post: Post;
  author: UserSummary;
  onBlocked: () => void;
}) {
  const authorName = displayName(author);
  const created = new Date(post.createdAt);
  // The server knows neither the device's zone nor its language: UTC, said so, until hydrated.
  const hydrated = useHydrated();
  const locale = hydrated ? undefined : 'en-US';
  const zone = hydrated ? {} : SERVER_ZONE;
  const clockZone = hydrated ? {} : { ...SERVER_ZONE, timeZoneName: 'short' as const };

  return (
    <header className="flex items-center gap-3 p-5 pb-3">
      <Link to="/profile/$userId" params={{ userId: post.userId }}>
        <Avatar src={author.profileImageUrl} initial={displayInitial(author)} alt={authorName} size="lg" />
      </Link>
      <div className="min-w-0 flex-1">
        <Link
          to="/profile/$userId"
          params={{ userId: post.userId }}
          className="block truncate text-lg font-black text-ink hover:underline"
          data-testid="post-author"
        >
          {authorName}
        </Link>
        <p className="text-sm text-subtle">
          <time dateTime={post.createdAt}>
            {dateFormat(locale, {
              weekday: 'long',
              month: 'long',
              day: 'numeric',
              year: 'numeric',
              ...zone,
            }).format(created)}{' '}
            · {dateFormat(locale, { hour: 'numeric', minute: '2-digit', ...clockZone }).format(created)}
          </time>
        </p>
      </div>
      <div className="flex flex-col items-end gap-1">
        <EarlyBirdTag post={post} />
        <ClubChip classification={post.timeClassification} />
      </div>
      <PostMenu post={post} onBlocked={onBlocked} />
    </header>
  );
}
