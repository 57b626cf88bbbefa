import { Spinner } from '@/components/ui/spinner';
import { BrandMark } from './brand';

/**
 * Shown while the auth check runs, so no screen flashes its guest version to a member. index.html
 * paints the same screen before the scripts run (boot-screen.test.tsx), and React's first render
 * replaces it with this one: nothing on it animates in, which would start over at the swap.
 */
export function FullScreenSpinner() {
  return (
    <div
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-night text-on-night"
      data-testid="auth-loading"
    >
      <BrandMark className="size-14" />
      <p className="text-2xl font-black tracking-tight">Daybreak</p>
      <Spinner label="Checking your session" />
    </div>
  );
}
