import { displayName, type UserListItem } from '@daybreak/contracts';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';

/** Spec §3: lists fall back to the e-mail's local part, then 'User'. */
export function listName(user: UserListItem): string {
  const localPart = user.email?.split('@')[0]?.trim();
  return displayName(user, localPart || 'User');
}

/** One member in FIND PEOPLE; the row opens their profile, remembering where it came from. */
export function UserRow({ user, action }: { user: UserListItem; action?: ReactNode }) {
  const name = listName(user);
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid="user-row" data-user-id={user.id}>
      <Link
        to="/profile/$userId"
        params={{ userId: user.id }}
        search={{ from: 'find-people' }}
        className="flex min-w-0 flex-1 items-center gap-3 hover:underline"
        data-testid="user-row-link"
      >
        <Avatar src={user.profileImageUrl} initial={name.charAt(0).toUpperCase()} alt={name} />
        <span className="truncate font-bold text-ink" data-testid="user-row-name">
          {name}
        </span>
      </Link>
      {action}
    </li>
  );
}
