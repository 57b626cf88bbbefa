import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatUnreadCount } from '@/features/notifications/unread-count';

export function UnreadBadge({ count, cap, className }: { count: number; cap: number; className?: string }) {
  const text = formatUnreadCount(count, cap);
  if (!text) return null;
  return (
    <Badge
      variant="count"
      size="xs"
      className={cn('absolute -top-1.5 -right-2', className)}
      data-testid="unread-badge"
    >
      {text}
      <span className="sr-only"> unread notifications</span>
    </Badge>
  );
}
