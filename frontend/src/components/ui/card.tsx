import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A surface panel; `highlighted` rings it in amber (the post a notification opened). */
export function Card({
  className,
  highlighted = false,
  ...props
}: ComponentProps<'div'> & { highlighted?: boolean }) {
  return (
    <div
      className={cn(
        'rounded-2xl border border-line bg-surface',
        highlighted ? 'shadow-lg ring-4 shadow-amber-200 ring-amber-400 dark:shadow-amber-950' : 'shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

/** A title always has words: a screen reader announces an empty heading as just "heading". */
export function CardTitle({ className, children, ...props }: ComponentProps<'h2'> & { children: ReactNode }) {
  return (
    <h2 className={cn('text-lg font-black tracking-tight text-ink', className)} {...props}>
      {children}
    </h2>
  );
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('p-5', className)} {...props} />;
}
