import type { ReportTargetType } from '@daybreak/contracts';
import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useAuth } from '@/features/auth/use-auth';

// The dialog (Radix) loads when a member first reports: the feed's first load does not carry it.
const ReportDialog = lazy(() =>
  import('./report-dialog').then((module) => ({ default: module.ReportDialog })),
);

export interface ReportTarget {
  type: ReportTargetType;
  id: string;
  /** Whose it is: nobody reports their own. */
  authorId: string;
}

/**
 * REPORT (issue 42): on others' posts, comments and profiles, for signed-in members. Its own small
 * component, so the post menus' BLOCK and MUTE sit beside it without touching it.
 */
export function ReportButton({
  target,
  className,
  withLabel = false,
  label = 'Report',
  iconClassName = 'size-5',
}: {
  target: ReportTarget;
  className: string;
  withLabel?: boolean;
  /** REPORT beside BLOCK and MUTE, "Report" beside Share and Delete post. */
  label?: string;
  iconClassName?: string;
}) {
  const { user: viewer } = useAuth();
  const [open, setOpen] = useState(false);
  if (!viewer || viewer.id === target.authorId) return null;
  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid={`report-${target.type}-button`}
      >
        <Flag className={iconClassName} aria-hidden="true" />
        <span className={withLabel ? undefined : 'sr-only'}>{label}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog target={target} open onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
