import { Ban } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

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
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={pending} onClick={onConfirm} data-testid="suspend-confirm">
            <Ban aria-hidden="true" /> SUSPEND
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
