import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { Slot } from './slot';

/** Each variant's classes, by axis; exported so a test can try every combination. */
export const buttonStyles = {
  variant: {
    /** The sunrise call to action: posting, joining, TRY NOW. */
    primary:
      'bg-gradient-to-r from-amber-400 to-orange-500 text-on-accent shadow-sm hover:from-amber-300 hover:to-orange-400',
    default: 'bg-inverse text-on-inverse hover:bg-inverse-hover',
    outline: 'border border-line-strong bg-surface text-ink hover:bg-canvas',
    /** An outline on a dark band (the landing page, the blog's article header and call to join). */
    outlineOnDark: 'border border-night-edge bg-transparent text-on-night hover:bg-night-line',
    ghost: 'text-ink-soft hover:bg-canvas hover:text-ink',
    destructive: 'bg-red-600 text-white hover:bg-red-700',
    link: 'text-accent-ink underline-offset-4 hover:underline',
  },
  size: {
    sm: 'h-8 px-3 text-xs',
    md: 'h-10 px-4 text-sm',
    lg: 'h-12 px-6 text-base',
    /** The landing page's TRY NOW. */
    xl: 'h-12 px-10 text-lg tracking-wide',
    icon: 'size-10',
  },
} as const;

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-xl font-bold whitespace-nowrap transition-colors ' +
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 ' +
    'disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: buttonStyles,
    defaultVariants: { variant: 'default', size: 'md' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child (e.g. a router Link) with button styling instead of a <button>. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  if (asChild) {
    return <Slot className={cn(buttonVariants({ variant, size }), className)} {...props} />;
  }
  return (
    <button type={type ?? 'button'} className={cn(buttonVariants({ variant, size }), className)} {...props} />
  );
}
