import { displayName, type UserSummary } from '@daybreak/contracts';
import { useQuery } from '@tanstack/react-query';
import { Ban, VolumeX } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { ReportButton } from '@/features/moderation/report-button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import type { SafetyKind } from '@/lib/safety-api';
import { safetyListQueryOptions } from './queries';
import { SAFETY_WORDS } from './safety-words';
import { useSafetyAction } from './use-safety-action';

const icons = { block: Ban, mute: VolumeX } as const;

/**
 * BLOCK and MUTE on another member's profile, each asking first; UNBLOCK and UNMUTE, without asking,
 * once done. Whether it is done comes from the viewer's own lists.
 */
export function SafetyActions({ member }: { member: UserSummary }) {
  // One group, so on a phone the two wrap together onto their own line under FOLLOW.
  return (
    <div className="flex justify-center gap-2 sm:flex-col" data-testid="safety-actions">
      <SafetyAction kind="block" member={member} />
      <SafetyAction kind="mute" member={member} />
      <ReportButton
        target={{ type: 'user', id: member.id, authorId: member.id }}
        className={buttonVariants({ variant: 'outline', size: 'sm' })}
        withLabel
        label="REPORT"
      />
    </div>
  );
}

function SafetyAction({ kind, member }: { kind: SafetyKind; member: UserSummary }) {
  const list = useQuery(safetyListQueryOptions(kind));
  const { run, pending } = useSafetyAction(kind);
  const [confirming, setConfirming] = useState(false);
  const words = SAFETY_WORDS[kind];
  const name = displayName(member);
  const Icon = icons[kind];
  const done = list.data?.some((listed) => listed.id === member.id) ?? false;

  if (done) {
    return (
      <Button
        variant="outline"
        size="sm"
        disabled={pending}
        onClick={() => void run({ id: member.id, name }, false)}
        data-testid={`un${kind}-button`}
      >
        <Icon aria-hidden="true" /> {words.undo}
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        // Until the list has loaded, the button could offer the wrong one of the two.
        disabled={list.isPending}
        aria-haspopup="dialog"
        onClick={() => setConfirming(true)}
        data-testid={`${kind}-button`}
      >
        <Icon aria-hidden="true" /> {words.action}
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent size="sm" hideClose data-testid={`${kind}-dialog`}>
          <DialogTitle>{words.confirmTitle(name)}</DialogTitle>
          <DialogDescription>{words.confirmDescription(name)}</DialogDescription>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={pending}
              onClick={() => void run({ id: member.id, name }, true).then((ok) => ok && setConfirming(false))}
              data-testid={`${kind}-confirm`}
            >
              <Icon aria-hidden="true" /> {words.action}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
