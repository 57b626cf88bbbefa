import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { CloudMoonRain } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { ScreenMessage } from './screen-message';

/**
 * The router's screen for a route that failed, in a loader or while rendering, and has no error
 * screen of its own: the NotFound screen's sibling, so a failure never leaves a blank page or the
 * router's bare message. The app's header and navigation stay around it, except when the root
 * itself failed.
 */
export function RouteError({ reset }: ErrorComponentProps) {
  return (
    <ScreenMessage
      icon={CloudMoonRain}
      title="Something Went Wrong"
      role="alert"
      data-testid="route-error"
      actions={
        <>
          <RetryRouteButton reset={reset} variant="outline" />
          <Button asChild variant="primary">
            <Link to="/">Go to the feed</Link>
          </Button>
        </>
      }
    >
      This page didn't load. It may be a passing cloud: try again, or head back to the morning.
    </ScreenMessage>
  );
}

/**
 * Loads the failed route again: `reset` clears the error boundary (a rendering error) and
 * `invalidate` runs the loaders again (a loading error).
 */
export function RetryRouteButton({ reset, ...props }: Pick<ErrorComponentProps, 'reset'> & ButtonProps) {
  const router = useRouter();
  return (
    <Button
      {...props}
      onClick={() => {
        reset();
        void router.invalidate();
      }}
    >
      Try Again
    </Button>
  );
}
