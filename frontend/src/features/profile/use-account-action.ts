import { useState } from 'react';
import { toastActionError } from '@/features/auth/session';

/**
 * An action on the whole account from the own profile (sign out everywhere, delete the account), run
 * from its confirm dialog. Once it went through, `leave` takes the member off the page (signed out),
 * and the button stays pending until they are gone, so a second press cannot send it again; if it
 * failed, the usual failure toast says `failure` and the button is back.
 */
export function useAccountAction(send: () => Promise<unknown>, leave: () => unknown, failure: string) {
  const [pending, setPending] = useState(false);
  async function run() {
    setPending(true);
    try {
      await send();
    } catch (error) {
      setPending(false);
      toastActionError(error, failure);
      return;
    }
    await leave();
  }
  return { run, pending };
}
