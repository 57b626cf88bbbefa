import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-black tracking-wide uppercase whitespace-nowrap',
  {
    variants: {
      variant: {
        default: 'bg-stone-900 text-stone-50',
        gold: 'bg-amber-100 text-amber-900 ring-1 ring-amber-300',
        silver: 'bg-slate-100 text-slate-700 ring-1 ring-slate-300',
        sunrise: 'bg-gradient-to-r from-amber-400 to-orange-500 text-stone-950',
        outline: 'text-stone-700 ring-1 ring-stone-300',
        /** Unread counters on the bell and the Alerts tab. */
        count: 'min-w-5 justify-center bg-red-600 px-1.5 text-white tracking-normal',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
