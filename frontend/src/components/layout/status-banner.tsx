import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

const TONES = {
  /** A state of the device (offline): the app's night band, its icon in sunrise amber. */
  night: { banner: 'bg-night-raised text-on-night', icon: 'text-amber-400' },
  /** A state of the account (suspended): what it keeps the member from doing. */
  danger: { banner: 'bg-danger-surface text-red-800', icon: undefined },
} as const;

/**
 * A line across the top of every screen while something holds that the member should know about
 * (offline, suspended); read out politely as a status, since nothing is asked of them.
 */
export function StatusBanner({
  icon: Icon,
  tone,
  children,
  ...props
}: ComponentProps<'div'> & { icon: LucideIcon; tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <div
      role="status"
      className={cn(
        'flex items-center justify-center gap-2 px-4 py-2 text-center text-sm',
        TONES[tone].banner,
      )}
      {...props}
    >
      <Icon className={cn('size-4 shrink-0', TONES[tone].icon)} aria-hidden="true" />
      <p>{children}</p>
    </div>
  );
}
