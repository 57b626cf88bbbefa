import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** Labels: a pill of uppercase letters. Padding and letter spacing come with the variant. */
const label = 'px-2 tracking-wide';

/** Each variant's classes, by axis; exported so a test can try every combination. */
export const badgeStyles = {
  variant: {
    default: `${label} bg-inverse text-on-inverse`,
    gold: `${label} bg-highlight-strong text-highlight-ink ring-1 ring-amber-300`,
    silver: `${label} bg-slate-100 text-slate-700 ring-1 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600`,
    sunrise: `${label} bg-gradient-to-r from-amber-400 to-orange-500 text-on-accent`,
    outline: `${label} text-ink-soft ring-1 ring-line-strong`,
    /** Unread counters on the bell and the Alerts tab. */
    count: 'min-w-5 justify-center bg-red-600 px-1.5 text-white tracking-normal',
  },
  size: {
    xs: 'text-[10px]',
    sm: 'text-[11px]',
    md: 'text-xs',
  },
} as const;

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full py-0.5 font-black uppercase whitespace-nowrap',
  {
    variants: badgeStyles,
    defaultVariants: { variant: 'default', size: 'sm' },
  },
);

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, size, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant, size }), className)} {...props} />;
}
