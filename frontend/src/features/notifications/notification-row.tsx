import { displayName, type AppNotification } from '@daybreak/contracts';
import { AlarmClock, Bell, Flag, Heart, MessageCircle, Sparkles, UserPlus, type LucideIcon } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { displayInitial } from '@/features/auth/user-initial';
import { cn } from '@/lib/cn';

const typeIcons: Record<string, { icon: LucideIcon; className: string }> = {
  like: { icon: Heart, className: 'bg-rose-500' },
  comment: { icon: MessageCircle, className: 'bg-sky-500' },
  follow: { icon: UserPlus, className: 'bg-emerald-500' },
  post: { icon: Sparkles, className: 'bg-amber-500' },
  /** A moderator resolved the member's report (issue 42). */
  report: { icon: Flag, className: 'bg-stone-600' },
};
const otherType = { icon: Bell, className: 'bg-amber-500' };
/** Notifications from Daybreak itself with an icon of their own, by kind (issue 43). */
const kindIcons: Record<string, { icon: LucideIcon; className: string }> = {
  reminder: { icon: AlarmClock, className: 'bg-gradient-to-br from-amber-400 to-orange-500' },
};

export function NotificationRow({
  notification,
  time,
  onSelect,
}: {
  notification: AppNotification;
  /** Relative time text; the panel and the screen format it differently (spec §9). */
  time: string;
  onSelect: (notification: AppNotification) => void;
}) {
  const { icon: Icon, className: iconClass } =
    (notification.kind && kindIcons[notification.kind]) || typeIcons[notification.type] || otherType;
  const from = displayName(notification.fromUser);
  return (
    <li>
      <button
        type="button"
        onClick={() => onSelect(notification)}
        data-testid="notification-row"
        data-unread={!notification.isRead || undefined}
        className={cn(
          'flex w-full items-start gap-3 px-5 py-3 text-left transition-colors',
          notification.isRead ? 'hover:bg-surface-muted' : 'bg-highlight/70 hover:bg-highlight',
        )}
      >
        {notification.fromUser ? (
          <span className="relative shrink-0">
            <Avatar
              src={notification.fromUser.profileImageUrl}
              initial={displayInitial(notification.fromUser)}
              alt={from}
              size="md"
            />
            <span
              className={cn(
                'absolute -right-1 -bottom-1 flex size-5 items-center justify-center rounded-full text-white ring-2 ring-surface',
                iconClass,
              )}
            >
              <Icon className="size-3" aria-hidden="true" />
            </span>
          </span>
        ) : (
          // From Daybreak itself (a badge earned): its icon, not the initial of a member named 'Member'.
          <span
            className={cn(
              'flex size-10 shrink-0 items-center justify-center rounded-full text-white',
              iconClass,
            )}
            data-testid="notification-type-icon"
            data-kind={notification.kind ?? undefined}
          >
            <Icon className="size-5" aria-hidden="true" />
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className={cn('block text-sm', notification.isRead ? 'text-ink-soft' : 'font-bold text-ink')}>
            {notification.message}
          </span>
          <time dateTime={notification.createdAt} className="text-xs text-subtle">
            {time}
          </time>
        </span>
        {notification.post?.imageUrl && (
          <img src={notification.post.imageUrl} alt="" className="size-10 shrink-0 rounded-md object-cover" />
        )}
        {!notification.isRead && (
          <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-accent" aria-label="Unread" role="img" />
        )}
      </button>
    </li>
  );
}
