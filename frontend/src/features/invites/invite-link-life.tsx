import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';

const EXPIRY_FORMAT = new Intl.DateTimeFormat(undefined, { month: 'long', day: 'numeric' });

/**
 * How long the link works (ADR 0030: for every friend until it expires, 30 days) and the way to end
 * it early: a new link, after which the old one no longer works for anyone.
 */
export function InviteLinkLife({
  expiresAt,
  renewing,
  failed,
  onRenew,
}: {
  expiresAt: string;
  renewing: boolean;
  failed: boolean;
  onRenew: () => void;
}) {
  return (
    <div
      className="space-y-2 rounded-xl bg-surface-muted px-3 py-3 text-sm text-muted"
      data-testid="invite-life"
    >
      <p>
        Works for every friend you send it to until{' '}
        <time dateTime={expiresAt} className="font-bold text-ink-soft" data-testid="invite-expires">
          {EXPIRY_FORMAT.format(new Date(expiresAt))}
        </time>
        .
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button variant="outline" size="sm" disabled={renewing} onClick={onRenew} data-testid="invite-renew">
          <RefreshCw aria-hidden="true" /> {renewing ? 'MAKING A NEW LINK...' : 'MAKE A NEW LINK'}
        </Button>
        <span className="text-xs text-subtle">The link above will stop working.</span>
      </div>
      {failed && (
        <p role="alert" className="text-xs font-semibold text-danger-ink" data-testid="invite-renew-failed">
          Failed to make a new link. Please try again.
        </p>
      )}
    </div>
  );
}
