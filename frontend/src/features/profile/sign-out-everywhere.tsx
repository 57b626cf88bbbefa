import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { revokeAllSessions } from '@/lib/account-api';
import { hardNavigate } from '@/lib/navigation';
import { useAccountAction } from './use-account-action';

/**
 * "Sign out everywhere" on the member's own profile (not in the spec; what Mastodon and GitHub offer
 * for a lost or shared device): asks first, then ends every session of the member, this one
 * included, and reloads the app signed out. The provider's own session stays, as after theirs:
 * LOGOUT is the way to end that one too.
 */
export function SignOutEverywhere() {
  const [open, setOpen] = useState(false);
  const signOut = useAccountAction(
    revokeAllSessions,
    // A full load: nothing of the member's stays in the app's memory.
    () => hardNavigate('/'),
    'Failed to sign out everywhere. Please try again.',
  );
  return (
    <>
      <Button
        variant="outline"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="sign-out-everywhere-button"
      >
        <MonitorSmartphone aria-hidden="true" /> SIGN OUT EVERYWHERE
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent size="sm" hideClose data-testid="sign-out-everywhere-dialog">
          <DialogTitle>Sign out everywhere?</DialogTitle>
          <DialogDescription>
            Every phone and browser signed in to your account is signed out, this one included. You can sign
            in again at any time.
          </DialogDescription>
          <DialogActions
            label="Sign out"
            pending={signOut.pending}
            pendingLabel="SIGNING OUT..."
            onConfirm={() => void signOut.run()}
            testId="sign-out-everywhere-confirm"
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
