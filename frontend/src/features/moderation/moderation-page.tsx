import {
  displayName,
  type HiddenContent,
  type ModerationAction,
  type ReportGroup,
} from '@daybreak/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { toastActionError } from '@/features/auth/session';
import { errorDetail } from '@/lib/api-client';
import { HiddenContentList } from './hidden-content';
import { ModerationLog, SuspendedMembers } from './moderation-log';
import {
  auditLogQueryOptions,
  hiddenQueryOptions,
  reportQueueQueryOptions,
  suspendedQueryOptions,
  useResolveReport,
  useUnhide,
  useUnsuspend,
} from './queries';
import { ReportGroupCard } from './report-group-card';
import { TARGET_WORDS } from './report-words';
import { SuspendConfirmDialog } from './suspend-confirm-dialog';

const DONE: Record<ModerationAction, string> = {
  dismiss: 'Reports dismissed.',
  hide: 'Hidden from everyone but its author.',
  suspend: 'Member suspended and signed out.',
};

const FAILED = 'That did not work. Please try again.';

/**
 * `/moderation` (issue 42): open reports by target, the hidden posts and comments, the suspended
 * members and the audit log. SUSPEND asks first (it signs the member out at once); the rest act.
 */
export function ModerationPage() {
  const queue = useQuery(reportQueueQueryOptions());
  const hidden = useQuery(hiddenQueryOptions());
  const suspended = useQuery(suspendedQueryOptions());
  const audit = useQuery(auditLogQueryOptions());
  const resolve = useResolveReport();
  const unhide = useUnhide();
  const unsuspend = useUnsuspend();
  // The group asked about stays named while the dialog closes.
  const [suspending, setSuspending] = useState<ReportGroup | null>(null);
  const [confirming, setConfirming] = useState(false);
  const now = new Date();

  /** Answers whether it went through. */
  async function decide(reportId: string, action: ModerationAction): Promise<boolean> {
    try {
      await resolve.mutateAsync({ reportId, action });
      toast({ title: 'Done', description: DONE[action], variant: 'success' });
      return true;
    } catch (error) {
      toastActionError(error, errorDetail(error) ?? FAILED);
      return false;
    }
  }

  function askToSuspend(group: ReportGroup) {
    setSuspending(group);
    setConfirming(true);
  }

  async function confirmSuspend(group: ReportGroup) {
    if (await decide(group.reportId, 'suspend')) setConfirming(false);
  }

  async function show(item: HiddenContent) {
    try {
      await unhide.mutateAsync(item);
      toast({
        title: 'Done',
        description: `${displayName(item.author)}'s ${TARGET_WORDS[item.targetType]} is visible again.`,
        variant: 'success',
      });
    } catch (error) {
      toastActionError(error, errorDetail(error) ?? FAILED);
    }
  }

  async function lift(member: {
    id: string;
    firstName: string | null;
    lastName: string | null;
    profileName: string | null;
  }) {
    try {
      await unsuspend.mutateAsync(member.id);
      toast({
        title: 'Done',
        description: `${displayName(member)} is no longer suspended.`,
        variant: 'success',
      });
    } catch (error) {
      toastActionError(error, errorDetail(error) ?? FAILED);
    }
  }

  return (
    <div className="mx-auto w-full max-w-2xl space-y-4 px-4 py-6" data-testid="moderation-page">
      <h1 className="flex items-center gap-2 text-2xl font-black tracking-tight text-ink">
        <ShieldCheck className="size-6 text-accent" aria-hidden="true" /> Moderation
      </h1>
      <section className="space-y-3" aria-label="Open reports">
        <h2 className="text-sm font-black tracking-widest text-subtle">OPEN REPORTS</h2>
        {queue.isPending && <Skeleton className="h-40 w-full" />}
        {queue.data?.length === 0 && (
          <Card className="p-6 text-center text-sm text-muted" data-testid="moderation-queue-empty">
            No open reports. All quiet this morning.
          </Card>
        )}
        {queue.data?.map((group) => (
          <ReportGroupCard
            key={`${group.targetType}:${group.targetId}`}
            group={group}
            now={now}
            pending={resolve.isPending}
            onDecide={(action) =>
              action === 'suspend' ? askToSuspend(group) : void decide(group.reportId, action)
            }
          />
        ))}
      </section>
      {hidden.data && (
        <HiddenContentList
          items={hidden.data}
          pending={unhide.isPending}
          onUnhide={(item) => void show(item)}
          now={now}
        />
      )}
      {suspended.data && (
        <SuspendedMembers
          members={suspended.data}
          pending={unsuspend.isPending}
          onUnsuspend={(m) => void lift(m)}
        />
      )}
      {audit.data && <ModerationLog entries={audit.data} now={now} />}
      <SuspendConfirmDialog
        name={suspending ? displayName(suspending.target) : ''}
        open={confirming}
        pending={resolve.isPending}
        onOpenChange={setConfirming}
        onConfirm={() => suspending && void confirmSuspend(suspending)}
      />
    </div>
  );
}
