import { Sunrise } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { loginUrl } from '@/lib/navigation';

export function GuestWelcome() {
  return (
    <section
      className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-night-raised via-night-raised to-orange-900 p-6 text-on-night shadow-sm"
      data-testid="guest-welcome"
    >
      <div
        aria-hidden="true"
        className="absolute -right-10 -bottom-20 size-56 rounded-full bg-gradient-to-t from-orange-500 to-amber-300 opacity-40 blur-2xl"
      />
      <div className="relative">
        <p className="flex items-center gap-2 text-xs font-black tracking-widest text-amber-300 uppercase">
          <Sunrise className="size-4" aria-hidden="true" /> Welcome to Daybreak
        </p>
        <h1 className="mt-2 text-2xl font-black tracking-tight">
          Chase your dreams before the world wakes up
        </h1>
        <p className="mt-2 max-w-md text-sm text-on-night-muted">
          Share your mornings with people who rise early too. Post between 5 and 7 AM, build your streak and
          earn badges.
        </p>
        {/* A link, not a script's redirect: on a server-rendered page it works before hydration too. */}
        <Button asChild variant="primary" size="lg" className="mt-5">
          <a href={loginUrl('/')} data-testid="login-button">
            JOIN DAYBREAK
          </a>
        </Button>
      </div>
    </section>
  );
}
