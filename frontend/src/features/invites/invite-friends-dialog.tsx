import type { GeneratedInvite } from '@daybreak/contracts';
import { Check, Copy, RefreshCw, Share2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { InviteLinkLife } from './invite-link-life';
import { inviteLink, reportInviteShared, useGenerateInvite, useRenewInvite } from './queries';

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

const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * Invite friends (spec §2/§4): opening it gets the member's link; the states are generating, link
 * shown with copy (and share where the device has a share sheet), and failed with retry. The link
 * works for every friend it reaches until it expires or the member makes a new one (ADR 0030).
 */
export function InviteFriendsDialog({ trigger }: { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const generate = useGenerateInvite();
  const renew = useRenewInvite();
  const [copied, markCopied] = useCopiedFeedback();
  const invite: GeneratedInvite | undefined = renew.data ?? generate.data;
  const link = invite ? inviteLink(invite.inviteCode) : null;

  function openChange(next: boolean) {
    setOpen(next);
    if (next && !generate.isSuccess && !generate.isPending) generate.mutate();
  }

  async function copy() {
    if (!invite || !link) return;
    try {
      await navigator.clipboard.writeText(link);
      markCopied();
      reportInviteShared(invite.inviteCode);
      toast({ title: 'Invite link copied to clipboard', variant: 'success' });
    } catch {
      toast({ title: 'Failed to copy to clipboard', variant: 'destructive' });
    }
  }

  async function share() {
    if (!invite || !link) return;
    try {
      await navigator.share({
        url: link,
        title: 'Join me on Daybreak',
        text: 'Rise early with me on Daybreak.',
      });
      reportInviteShared(invite.inviteCode);
    } catch {
      // Closing the share sheet is a choice; the link is still there to copy.
    }
  }

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent data-testid="invite-dialog">
        <DialogTitle>INVITE FRIENDS</DialogTitle>
        <DialogDescription>
          Rise together: every friend who joins with your link follows you, and you follow them back.
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

        {invite && link && (
          <div className="space-y-3" data-testid="invite-ready">
            <p className="text-xs font-black tracking-widest text-subtle uppercase">Your invite code</p>
            <p className="font-mono text-2xl font-black tracking-wider break-all" data-testid="invite-code">
              {invite.inviteCode}
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
            {canShare() && (
              <Button
                variant="outline"
                className="w-full"
                onClick={() => void share()}
                data-testid="invite-share"
              >
                <Share2 aria-hidden="true" /> SHARE INVITE
              </Button>
            )}
            <InviteLinkLife
              expiresAt={invite.expiresAt}
              renewing={renew.isPending}
              failed={renew.isError}
              onRenew={() => renew.mutate()}
            />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
