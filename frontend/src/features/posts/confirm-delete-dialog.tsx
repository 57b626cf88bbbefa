import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';

export interface ConfirmDeleteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  pending: boolean;
  onConfirm: () => void;
  testId: string;
}

/** Asks before a deletion; loaded on first use (delete-actions.tsx), so the feed does not carry it. */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  title,
  description,
  pending,
  onConfirm,
  testId,
}: ConfirmDeleteProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm" hideClose data-testid={`${testId}-dialog`}>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <DialogActions
          label="Delete"
          pending={pending}
          pendingLabel="DELETING..."
          onConfirm={onConfirm}
          testId={`${testId}-confirm`}
        />
      </DialogContent>
    </Dialog>
  );
}
