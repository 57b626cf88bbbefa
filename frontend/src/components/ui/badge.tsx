import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** Labels: a pill of uppercase letters. Padding and letter spacing come with the variant. */
const label = 'px-2 tracking-wide';

/** Each variant's classes, by axis; exported so a test can try every combination. */
export const badgeStyles = {
  variant: {
    default: `${label} bg-stone-900 text-stone-50`,
    gold: `${label} bg-amber-100 text-amber-900 ring-1 ring-amber-300`,
    silver: `${label} bg-slate-100 text-slate-700 ring-1 ring-slate-300`,
    sunrise: `${label} bg-gradient-to-r from-amber-400 to-orange-500 text-stone-950`,
    outline: `${label} text-stone-700 ring-1 ring-stone-300`,
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
