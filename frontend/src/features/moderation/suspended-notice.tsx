import { SUSPENDED_MESSAGE } from '@daybreak/contracts';
import { Ban } from 'lucide-react';
import { StatusBanner } from '@/components/layout/status-banner';

/** Across the top while the signed-in member is suspended (issue 42): why their writes are refused. */
export function SuspendedNotice() {
  return (
    <StatusBanner icon={Ban} tone="danger" data-testid="suspended-notice">
      {SUSPENDED_MESSAGE}
    </StatusBanner>
  );
}
