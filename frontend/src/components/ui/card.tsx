import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A white panel; `highlighted` rings it in amber (the post a notification opened). */
export function Card({
  className,
  highlighted = false,
  ...props
}: ComponentProps<'div'> & { highlighted?: boolean }) {
  return (
    <div
      className={cn(
        'rounded-2xl border border-stone-200 bg-white',
        highlighted ? 'shadow-lg ring-4 shadow-amber-200 ring-amber-400' : 'shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function CardTitle({ className, ...props }: ComponentProps<'h2'>) {
  return <h2 className={cn('text-lg font-black tracking-tight text-stone-900', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('p-5', className)} {...props} />;
}
