import { Ban } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';

/**
 * The confirm step of SUSPEND, as BLOCK and a deletion have theirs: a suspension signs the member out
 * everywhere at once, so it is asked before it is done. Cancel leaves everything as it was.
 */
export function SuspendConfirmDialog({
  name,
  open,
  pending,
  onOpenChange,
  onConfirm,
}: {
  name: string;
  open: boolean;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm" hideClose data-testid="suspend-dialog">
        <DialogTitle>SUSPEND {name}?</DialogTitle>
        <DialogDescription>
          {name} is signed out everywhere at once. They can sign in again to read, but not post, like, comment
          or follow, and their posts and comments are hidden until you UNSUSPEND them. Every open report on
          this closes.
        </DialogDescription>
        <DialogActions
          icon={Ban}
          label="SUSPEND"
          pending={pending}
          onConfirm={onConfirm}
          testId="suspend-confirm"
        />
      </DialogContent>
    </Dialog>
  );
}
