import type { AppNotification } from '@daybreak/contracts';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { NotificationRow } from './notification-row';

/** Spec §9: five skeleton rows while notifications load. */
const SKELETON_ROWS = 5;

/** MARK ALL READ, shown only while something is unread; MARKING... while it runs. */
export function MarkAllReadButton({ pending, onClick }: { pending: boolean; onClick: () => void }) {
  return (
    <Button size="sm" variant="outline" onClick={onClick} disabled={pending} data-testid="mark-all-read">
      {pending ? 'MARKING...' : 'MARK ALL READ'}
    </Button>
  );
}

export function NotificationSkeletonRows() {
  return (
    <ul aria-busy="true" aria-label="Loading notifications">
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <li key={index} className="flex items-center gap-3 px-5 py-3">
          <Skeleton rounded="full" className="size-10" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3 w-4/5" />
            <Skeleton className="h-3 w-1/4" />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function NotificationsLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 p-8 text-center" role="alert">
      <p className="text-sm text-muted">Couldn't load your notifications.</p>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}

/** The rows; the page and the side sheet differ only in how they word times (spec §9). */
export function NotificationList({
  notifications,
  formatTime,
  onSelect,
}: {
  notifications: AppNotification[];
  formatTime: (createdAt: string) => string;
  onSelect: (notification: AppNotification) => void;
}) {
  return (
    <ul className="divide-y divide-line-soft">
      {notifications.map((notification) => (
        <NotificationRow
          key={notification.id}
          notification={notification}
          time={formatTime(notification.createdAt)}
          onSelect={onSelect}
        />
      ))}
    </ul>
  );
}
