import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason } from '@daybreak/contracts';
import { useMutation } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useId, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { TextArea } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { toastActionError } from '@/features/auth/session';
import { errorDetail } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { fileReport } from '@/lib/moderation-api';
import type { ReportTarget } from './report-button';
import { REASON_WORDS, TARGET_WORDS } from './report-words';

/**
 * Report a post, comment or member: pick a reason, add details if you like, confirm. The moderators
 * see it; the member reported is not told (as on Mastodon and Bluesky).
 */
export function ReportDialog({
  target,
  open,
  onOpenChange,
}: {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const detailsId = useId();
  const reasonsId = useId();
  const report = useMutation({ mutationFn: fileReport });
  const what = TARGET_WORDS[target.type];

  async function send() {
    if (!reason) return;
    try {
      await report.mutateAsync({
        targetType: target.type,
        targetId: target.id,
        reason,
        ...(details.trim() ? { details: details.trim() } : {}),
      });
    } catch (error) {
      toastActionError(error, errorDetail(error) ?? 'Failed to send your report. Please try again.');
      return;
    }
    onOpenChange(false);
    toast({
      title: 'Report sent',
      description: "Thanks. A moderator will look at it, and we'll let you know.",
      variant: 'success',
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm" data-testid="report-dialog">
        <DialogTitle>Report this {what}</DialogTitle>
        <DialogDescription>What's wrong with it? Only the moderators see your report.</DialogDescription>
        <fieldset className="space-y-1.5">
          <legend className="sr-only">Reason</legend>
          {REPORT_REASONS.map((option) => (
            <label
              key={option}
              htmlFor={`${reasonsId}-${option}`}
              className={cn(
                'grid cursor-pointer grid-cols-[auto_1fr] items-center gap-x-3 rounded-xl border px-3 py-2 transition-colors',
                reason === option ? 'border-orange-400 bg-highlight' : 'border-line hover:bg-surface-muted',
              )}
              data-testid={`report-reason-${option}`}
            >
              <input
                id={`${reasonsId}-${option}`}
                type="radio"
                name="report-reason"
                value={option}
                checked={reason === option}
                onChange={() => setReason(option)}
                className="row-span-2 accent-orange-500"
              />
              <span className="text-sm font-bold text-ink">{REASON_WORDS[option].label}</span>
              <span className="col-start-2 text-xs text-muted">{REASON_WORDS[option].hint}</span>
            </label>
          ))}
        </fieldset>
        <div className="space-y-1">
          <label htmlFor={detailsId} className="text-sm font-bold">
            Details <span className="font-normal text-subtle">(optional)</span>
          </label>
          <TextArea
            id={detailsId}
            rows={3}
            value={details}
            maxLength={REPORT_DETAILS_MAX}
            onChange={(event) => setDetails(event.target.value)}
            placeholder="Anything the moderators should know"
            data-testid="report-details"
          />
        </div>
        <DialogActions
          icon={Flag}
          label="REPORT"
          disabled={!reason}
          pending={report.isPending}
          onConfirm={() => void send()}
          testId="report-confirm"
        />
      </DialogContent>
    </Dialog>
  );
}
