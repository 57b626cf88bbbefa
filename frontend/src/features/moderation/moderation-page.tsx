import { displayName, type ModerationAction } from '@daybreak/contracts';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { toastActionError } from '@/features/auth/session';
import { errorDetail } from '@/lib/api-client';
import { ModerationLog, SuspendedMembers } from './moderation-log';
import {
  auditLogQueryOptions,
  reportQueueQueryOptions,
  suspendedQueryOptions,
  useResolveReport,
  useUnsuspend,
} from './queries';
import { ReportGroupCard } from './report-group-card';

const DONE: Record<ModerationAction, string> = {
  dismiss: 'Reports dismissed.',
  hide: 'Hidden from everyone but its author.',
  suspend: 'Member suspended and signed out.',
};

/** `/moderation` (issue 42): open reports by target, the suspended members and the audit log. */
export function ModerationPage() {
  const queue = useQuery(reportQueueQueryOptions());
  const suspended = useQuery(suspendedQueryOptions());
  const audit = useQuery(auditLogQueryOptions());
  const resolve = useResolveReport();
  const unsuspend = useUnsuspend();
  const now = new Date();

  async function decide(reportId: string, action: ModerationAction) {
    try {
      await resolve.mutateAsync({ reportId, action });
      toast({ title: 'Done', description: DONE[action], variant: 'success' });
    } catch (error) {
      toastActionError(error, errorDetail(error) ?? 'That did not work. Please try again.');
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
      toastActionError(error, errorDetail(error) ?? 'That did not work. Please try again.');
    }
  }

  return (
    <div className="mx-auto w-full max-w-2xl space-y-4 px-4 py-6" data-testid="moderation-page">
      <h1 className="flex items-center gap-2 text-2xl font-black tracking-tight text-stone-900">
        <ShieldCheck className="size-6 text-orange-500" aria-hidden="true" /> Moderation
      </h1>
      <section className="space-y-3" aria-label="Open reports">
        <h2 className="text-sm font-black tracking-widest text-stone-500">OPEN REPORTS</h2>
        {queue.isPending && <Skeleton className="h-40 w-full" />}
        {queue.data?.length === 0 && (
          <Card className="p-6 text-center text-sm text-stone-600" data-testid="moderation-queue-empty">
            No open reports. All quiet this morning.
          </Card>
        )}
        {queue.data?.map((group) => (
          <ReportGroupCard
            key={`${group.targetType}:${group.targetId}`}
            group={group}
            now={now}
            pending={resolve.isPending}
            onDecide={(action) => void decide(group.reportId, action)}
          />
        ))}
      </section>
      {suspended.data && (
        <SuspendedMembers
          members={suspended.data}
          pending={unsuspend.isPending}
          onUnsuspend={(m) => void lift(m)}
        />
      )}
      {audit.data && <ModerationLog entries={audit.data} now={now} />}
    </div>
  );
}
