import { displayName, type ModerationAction, type ReportGroup } from '@daybreak/contracts';
import { Ban, Check, EyeOff } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { OptimizedImage } from '@/components/ui/optimized-image';
import { displayInitial } from '@/features/auth/user-initial';
import { MemberNameLink } from '@/features/profile/member-name-link';
import { formatRelativeShort } from '@/lib/time';
import { OpenPostLink } from './open-post-link';
import { REASON_WORDS, TARGET_WORDS } from './report-words';

const ACTIONS: {
  action: ModerationAction;
  label: string;
  icon: typeof Check;
  variant: 'outline' | 'destructive';
}[] = [
  { action: 'dismiss', label: 'DISMISS', icon: Check, variant: 'outline' },
  { action: 'hide', label: 'HIDE', icon: EyeOff, variant: 'outline' },
  { action: 'suspend', label: 'SUSPEND', icon: Ban, variant: 'destructive' },
];

/** One reported post, comment or member: what it is, who reported it why, and the decisions. */
export function ReportGroupCard({
  group,
  pending,
  onDecide,
  now,
}: {
  group: ReportGroup;
  pending: boolean;
  onDecide: (action: ModerationAction) => void;
  now: Date;
}) {
  const name = displayName(group.target);
  return (
    <Card className="space-y-3 p-4" data-testid="report-group" data-target-id={group.targetId}>
      <header className="flex items-center gap-3">
        <Avatar src={group.target.profileImageUrl} initial={displayInitial(group.target)} alt={name} />
        <div className="min-w-0 flex-1">
          <MemberNameLink member={group.target} className="block" />
          <p className="text-xs text-subtle">
            {TARGET_WORDS[group.targetType]} · first reported{' '}
            {formatRelativeShort(group.firstReportedAt, now)}
            {group.target.isSuspended && ' · suspended'}
          </p>
        </div>
        <span
          className="rounded-full bg-danger-surface-strong px-2.5 py-1 text-xs font-black text-danger-ink"
          data-testid="report-count"
        >
          {group.count} {group.count === 1 ? 'report' : 'reports'}
        </span>
      </header>
      {group.text !== null && (
        <blockquote className="rounded-xl bg-canvas px-3 py-2 text-sm break-words whitespace-pre-wrap text-ink-soft">
          {group.text}
          {group.postId && <OpenPostLink postId={group.postId} className="mt-1 block" />}
        </blockquote>
      )}
      {group.imageUrl && (
        <OptimizedImage
          src={group.imageUrl}
          alt={`Photo in the reported post by ${name}`}
          className="w-28 overflow-hidden rounded-xl"
          imgClassName="aspect-square object-cover"
        />
      )}
      <ul className="flex flex-wrap gap-1.5" aria-label="Reasons">
        {Object.entries(group.reasons).map(([reason, count]) => (
          <li
            key={reason}
            className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold text-amber-900 dark:bg-amber-900 dark:text-amber-100"
          >
            {REASON_WORDS[reason as keyof typeof REASON_WORDS].label} × {count}
          </li>
        ))}
      </ul>
      <ul className="space-y-1 text-xs text-muted">
        {group.reports
          .filter((report) => report.details)
          .map((report) => (
            <li key={report.id}>
              <span className="font-bold text-ink-soft">{displayName(report.reporter)}:</span>{' '}
              {report.details}
            </li>
          ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        {ACTIONS.filter(({ action }) => action !== 'hide' || group.targetType !== 'user').map(
          ({ action, label, icon: Icon, variant }) => (
            <Button
              key={action}
              size="sm"
              variant={variant}
              disabled={pending}
              onClick={() => onDecide(action)}
              data-testid={`moderation-${action}`}
            >
              <Icon aria-hidden="true" /> {label}
            </Button>
          ),
        )}
      </div>
    </Card>
  );
}
