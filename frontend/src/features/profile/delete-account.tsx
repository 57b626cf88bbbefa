import { DELETE_ACCOUNT_CONFIRMATION } from '@daybreak/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { TextInput } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { authKeys } from '@/features/auth/queries';
import { deleteAccount } from '@/lib/account-api';
import { useAccountAction } from './use-account-action';

/**
 * "Delete account" on the member's own profile (issue 42; in-app deletion as app stores require): a
 * dialog where the member types DELETE before the button works, as GitHub and Mastodon ask. Once
 * deleted, nothing of theirs stays in the app's memory, and they land signed out on the landing page.
 */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const fieldId = useId();
  const confirmed = typed.trim() === DELETE_ACCOUNT_CONFIRMATION;

  function close(next: boolean) {
    setOpen(next);
    if (!next) setTyped('');
  }

  const deletion = useAccountAction(
    deleteAccount,
    async () => {
      queryClient.clear();
      queryClient.setQueryData(authKeys.user, null);
      await navigate({ to: '/' });
      toast({
        title: 'Account deleted',
        description: 'Your account and everything in it are gone. Thank you for the mornings.',
      });
    },
    'Failed to delete your account. Please try again.',
  );

  return (
    <>
      <Button
        variant="outline"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="delete-account-button"
      >
        <Trash2 aria-hidden="true" /> DELETE ACCOUNT
      </Button>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent size="sm" hideClose data-testid="delete-account-dialog">
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            Your profile, posts and photos, comments, likes, follows, streaks, badges and notifications are
            deleted for good, and you are signed out everywhere. This can't be undone: download your data
            first if you want to keep it.
          </DialogDescription>
          <form
            className="space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              if (confirmed && !deletion.pending) void deletion.run();
            }}
          >
            <label htmlFor={fieldId} className="block text-sm font-bold">
              Type {DELETE_ACCOUNT_CONFIRMATION} to confirm
            </label>
            <TextInput
              id={fieldId}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              tone="danger"
              placeholder={DELETE_ACCOUNT_CONFIRMATION}
              data-testid="delete-account-input"
            />
            <DialogActions
              label="Delete account"
              disabled={!confirmed}
              pending={deletion.pending}
              pendingLabel="DELETING..."
              testId="delete-account-confirm"
            />
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
