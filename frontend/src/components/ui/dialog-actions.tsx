import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button';
import { DialogClose } from './dialog';

export interface DialogActionsProps {
  /** What the confirming button says, e.g. `Delete`, `SAVE`. */
  label: ReactNode;
  /** An icon before the label (decorative: the label names the button). */
  icon?: LucideIcon;
  /** While the action runs the button is disabled, and says this instead of `label` if given. */
  pending?: boolean;
  pendingLabel?: ReactNode;
  /** Disabled for another reason: nothing chosen yet, the confirmation not typed. */
  disabled?: boolean;
  /** Runs the action; without it the button submits the form it is in. */
  onConfirm?: () => void;
  variant?: Extract<ButtonProps['variant'], 'destructive' | 'primary'>;
  cancelVariant?: Extract<ButtonProps['variant'], 'outline' | 'ghost'>;
  /** The confirming button's `data-testid`. */
  testId: string;
}

/**
 * A dialog's last row: Cancel, which closes the dialog as Escape does (its `onOpenChange(false)`), and
 * the button that does what the dialog asks, kept from a second press while it runs.
 */
export function DialogActions({
  label,
  icon: Icon,
  pending = false,
  pendingLabel,
  disabled = false,
  onConfirm,
  variant = 'destructive',
  cancelVariant = 'outline',
  testId,
}: DialogActionsProps) {
  const text = pending && pendingLabel !== undefined ? pendingLabel : label;
  return (
    <div className="flex justify-end gap-2">
      <DialogClose asChild>
        <Button variant={cancelVariant}>Cancel</Button>
      </DialogClose>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        variant={variant}
        disabled={disabled || pending}
        onClick={onConfirm}
        data-testid={testId}
      >
        {Icon ? (
          <>
            <Icon aria-hidden /> {text}
          </>
        ) : (
          text
        )}
      </Button>
    </div>
  );
}
