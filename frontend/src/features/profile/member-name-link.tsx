import { displayName, type UserSummary } from '@daybreak/contracts';
import { Link } from '@tanstack/react-router';
import { cn } from '@/lib/cn';

/**
 * A member's name as a link to their profile, bold and cut short with an ellipsis where it does not
 * fit (a long name never pushes a row's buttons away). `className` places it in its row.
 */
export function MemberNameLink({
  member,
  className,
}: {
  member: Pick<UserSummary, 'id' | 'profileName' | 'firstName' | 'lastName'>;
  className?: string;
}) {
  return (
    <Link
      to="/profile/$userId"
      params={{ userId: member.id }}
      className={cn('truncate font-bold text-ink hover:underline', className)}
    >
      {displayName(member)}
    </Link>
  );
}
