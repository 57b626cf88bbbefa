import { Link } from '@tanstack/react-router';
import { Sunrise, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { loginUrl } from '@/lib/navigation';

/** The blog's closing call to action: join through the login path, optionally with a way into the feed. */
export function JoinCallToAction({ showExplore = false }: { showExplore?: boolean }) {
  return (
    <section
      className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-night-raised via-night-raised to-orange-900 px-6 py-10 text-center text-on-night shadow-sm"
      data-testid="blog-join-cta"
    >
      <div
        aria-hidden="true"
        className="absolute -bottom-24 left-1/2 size-64 -translate-x-1/2 rounded-full bg-gradient-to-t from-orange-500 to-amber-300 opacity-40 blur-2xl"
      />
      <div className="relative mx-auto flex max-w-lg flex-col items-center gap-4">
        <Sunrise className="size-10 text-amber-300" aria-hidden="true" />
        <h2 className="text-2xl font-black tracking-tight">Ready to own your mornings?</h2>
        <p className="text-sm text-on-night-muted">
          Join early risers who post around 5 AM, keep their streaks and cheer each other on.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          {/* A link, not a script's redirect: on a server-rendered page it works before hydration too. */}
          <Button asChild variant="primary" size="lg">
            <a href={loginUrl('/')} data-testid="blog-join-button">
              JOIN DAYBREAK
            </a>
          </Button>
          {showExplore && (
            <Button asChild variant="outlineOnDark" size="lg">
              <Link to="/" data-testid="explore-community">
                <Users aria-hidden="true" /> Explore Community
              </Link>
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
