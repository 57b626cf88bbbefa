import { Ban, VolumeX } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import type { SafetyKind } from '@/lib/safety-api';
import { SAFETY_WORDS } from './safety-words';
import { useSafetyAction } from './use-safety-action';

export const SAFETY_ICONS = { block: Ban, mute: VolumeX } as const;

/**
 * The confirm step of a BLOCK or MUTE, on a profile and in a post's menu: says what it does, and
 * does it (with its toast) on the member's word. `onDone` runs once it went through.
 */
export function SafetyConfirmDialog({
  kind,
  member,
  open,
  onOpenChange,
  onDone,
}: {
  kind: SafetyKind;
  member: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone?: () => void;
}) {
  const { run, pending } = useSafetyAction(kind);
  const words = SAFETY_WORDS[kind];
  async function confirm() {
    if (!(await run(member, true))) return;
    onOpenChange(false);
    onDone?.();
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm" hideClose data-testid={`${kind}-dialog`}>
        <DialogTitle>{words.confirmTitle(member.name)}</DialogTitle>
        <DialogDescription>{words.confirmDescription(member.name)}</DialogDescription>
        <DialogActions
          icon={SAFETY_ICONS[kind]}
          label={words.action}
          pending={pending}
          onConfirm={() => void confirm()}
          testId={`${kind}-confirm`}
        />
      </DialogContent>
    </Dialog>
  );
}
