import { Check, Copy, RefreshCw } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { inviteLink, useGenerateInvite } from './queries';

/** Spec §9: the copy button says 'copied' for 2 s. */
export const INVITE_COPIED_FEEDBACK_MS = 2000;

function useCopiedFeedback(): [boolean, () => void] {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), INVITE_COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return [copied, () => setCopied(true)];
}

/**
 * Invite friends (spec §2/§4): opening it generates the member's code; the states are generating,
 * code shown with copy, and failed with retry.
 */
export function InviteFriendsDialog({ trigger }: { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const generate = useGenerateInvite();
  const [copied, markCopied] = useCopiedFeedback();
  const link = generate.data ? inviteLink(generate.data.inviteCode) : null;

  function openChange(next: boolean) {
    setOpen(next);
    if (next && !generate.isSuccess && !generate.isPending) generate.mutate();
  }

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      markCopied();
      toast({ title: 'Invite link copied to clipboard', variant: 'success' });
    } catch {
      toast({ title: 'Failed to copy to clipboard', variant: 'destructive' });
    }
  }

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent data-testid="invite-dialog">
        <DialogTitle>INVITE FRIENDS</DialogTitle>
        <DialogDescription>
          Rise together: when a friend joins with your link, you follow each other automatically.
        </DialogDescription>

        {generate.isPending && (
          <div className="flex items-center gap-3 py-4" data-testid="invite-generating">
            <Spinner label="Generating invite code" />
            <span className="text-sm text-muted">Generating your invite link...</span>
          </div>
        )}

        {generate.isError && (
          <div className="space-y-3 py-2" role="alert" data-testid="invite-failed">
            <p className="text-sm font-semibold text-danger-ink">Failed to generate invite code</p>
            <Button variant="outline" onClick={() => generate.mutate()} data-testid="invite-retry">
              <RefreshCw aria-hidden="true" /> Try again
            </Button>
          </div>
        )}

        {generate.data && link && (
          <div className="space-y-3" data-testid="invite-ready">
            <p className="text-xs font-black tracking-widest text-subtle uppercase">Your invite code</p>
            <p className="font-mono text-2xl font-black tracking-wider" data-testid="invite-code">
              {generate.data.inviteCode}
            </p>
            <div className="flex items-center gap-2">
              <input
                readOnly
                value={link}
                aria-label="Invite link"
                className="min-w-0 flex-1 rounded-xl border border-line bg-surface-muted px-3 py-2 text-sm"
                data-testid="invite-link"
                onFocus={(event) => event.target.select()}
              />
              <Button variant="primary" onClick={() => void copy()} data-testid="invite-copy">
                {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                {copied ? 'COPIED!' : 'COPY'}
              </Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
