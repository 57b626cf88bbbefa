import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Hammer } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** An honest placeholder for a screen that is routed but not built yet. */
export function ComingSoon({ screen, children }: { screen: string; children?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10">
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid="coming-soon">
        <Hammer className="size-10 text-orange-500" aria-hidden="true" />
        <h1 className="text-xl font-black tracking-tight uppercase">{screen}</h1>
        <p className="max-w-sm text-sm text-stone-600">
          This screen is coming soon. We're building it right now; in the meantime the feed is open.
        </p>
        {children}
        <Button asChild variant="outline">
          <Link to="/">Back to the feed</Link>
        </Button>
      </Card>
    </div>
  );
}
