import { SUSPENDED_MESSAGE } from '@daybreak/contracts';
import { Ban } from 'lucide-react';

/** Across the top while the signed-in member is suspended (issue 42): why their writes are refused. */
export function SuspendedNotice() {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 bg-red-50 px-4 py-2 text-center text-sm text-red-800"
      data-testid="suspended-notice"
    >
      <Ban className="size-4 shrink-0" aria-hidden="true" />
      <p>{SUSPENDED_MESSAGE}</p>
    </div>
  );
}
