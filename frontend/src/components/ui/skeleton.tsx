import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const corners = { lg: 'rounded-lg', full: 'rounded-full', none: 'rounded-none' } as const;

/** A grey block standing in for what is loading: rounded corners, a circle (`rounded="full"`) or square. */
export function Skeleton({
  className,
  rounded = 'lg',
  ...props
}: ComponentProps<'div'> & { rounded?: keyof typeof corners }) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse bg-surface-strong', corners[rounded], className)}
      {...props}
    />
  );
}
