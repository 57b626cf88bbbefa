import { fireEvent, render, screen } from '@testing-library/react';
import { Flag } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';
import { DialogActions, type DialogActionsProps } from './dialog-actions';

function renderActions(props: Partial<DialogActionsProps>, onOpenChange = vi.fn()) {
  render(
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Do it?</DialogTitle>
        <DialogDescription>It is done at once.</DialogDescription>
        <DialogActions label="Do it" testId="do-it" {...props} />
      </DialogContent>
    </Dialog>,
  );
  return onOpenChange;
}

describe('DialogActions', () => {
  it('closes the dialog through its onOpenChange on Cancel, and runs the action on the other button', () => {
    const onConfirm = vi.fn();
    const onOpenChange = renderActions({ onConfirm });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Do it' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('is disabled and says the pending label while the action runs', () => {
    renderActions({ onConfirm: vi.fn(), pending: true, pendingLabel: 'DOING...' });
    expect(screen.getByTestId('do-it')).toBeDisabled();
    expect(screen.getByTestId('do-it')).toHaveTextContent(/^DOING\.\.\.$/);
  });

  it('keeps its label and icon while pending when it has no pending label', () => {
    renderActions({ onConfirm: vi.fn(), icon: Flag, label: 'REPORT', pending: true });
    const button = screen.getByRole('button', { name: 'REPORT' });
    expect(button).toBeDisabled();
    expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('is disabled when told, before anything runs', () => {
    renderActions({ onConfirm: vi.fn(), disabled: true });
    expect(screen.getByRole('button', { name: 'Do it' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('submits its form without onConfirm, and Cancel does not', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Dialog open>
          <DialogActions label="SAVE" testId="save" />
        </Dialog>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
