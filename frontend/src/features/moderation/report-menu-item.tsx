import { Flag } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { lazy, Suspense, type ReactNode } from 'react';
import type { ReportTarget } from './report-button';

// The dialog (Radix) loads when a member first reports: the feed's first load does not carry it.
const ReportDialog = lazy(() =>
  import('./report-dialog').then((module) => ({ default: module.ReportDialog })),
);

/**
 * REPORT as an entry of a post's menu, beside MUTE and BLOCK (issue 42): the reason dialog is handed
 * to `show` so it outlives the closing menu. The menu is offered on others' posts only.
 */
export function ReportMenuItem({
  target,
  show,
}: {
  target: ReportTarget;
  show: (dialog: ReactNode) => void;
}) {
  const open = () =>
    show(
      <Suspense fallback={null}>
        <ReportDialog target={target} open onOpenChange={(isOpen) => !isOpen && show(null)} />
      </Suspense>,
    );
  return (
    <DropdownMenu.Item
      onSelect={open}
      className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-bold tracking-wide text-ink-soft outline-none select-none data-[highlighted]:bg-canvas data-[highlighted]:text-ink"
      data-testid={`post-menu-report`}
    >
      <Flag className="size-4" aria-hidden="true" /> REPORT POST
    </DropdownMenu.Item>
  );
}
