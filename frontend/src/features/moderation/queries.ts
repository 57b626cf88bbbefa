import type { HiddenContent, ModerationAction } from '@daybreak/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  fetchAuditLog,
  fetchHidden,
  fetchReportQueue,
  fetchSuspended,
  resolveReport,
  unhideContent,
  unsuspendMember,
} from '@/lib/moderation-api';

export const moderationKeys = {
  all: ['/api/moderation'] as const,
  queue: ['/api/moderation', 'reports'] as const,
  suspended: ['/api/moderation', 'suspended'] as const,
  hidden: ['/api/moderation', 'hidden'] as const,
  audit: ['/api/moderation', 'audit'] as const,
};

export const reportQueueQueryOptions = () =>
  queryOptions({ queryKey: moderationKeys.queue, queryFn: ({ signal }) => fetchReportQueue({ signal }) });

export const suspendedQueryOptions = () =>
  queryOptions({ queryKey: moderationKeys.suspended, queryFn: ({ signal }) => fetchSuspended({ signal }) });

export const hiddenQueryOptions = () =>
  queryOptions({ queryKey: moderationKeys.hidden, queryFn: ({ signal }) => fetchHidden({ signal }) });

export const auditLogQueryOptions = () =>
  queryOptions({ queryKey: moderationKeys.audit, queryFn: ({ signal }) => fetchAuditLog({ signal }) });

/** A decision changes the queue, the suspended and hidden lists and the log: all read again after it. */
function useModerationMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}

export const useResolveReport = () =>
  useModerationMutation(({ reportId, action }: { reportId: string; action: ModerationAction }) =>
    resolveReport(reportId, { action }),
  );

export const useUnsuspend = () => useModerationMutation((userId: string) => unsuspendMember(userId));

export const useUnhide = () =>
  useModerationMutation((target: Pick<HiddenContent, 'targetType' | 'targetId'>) => unhideContent(target));
