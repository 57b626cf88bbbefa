import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A form's text well: muted until focused, then the surface with an edge in the field's tone. */
const fieldStyle =
  'w-full rounded-xl border border-line bg-surface-muted px-3 py-2 text-base placeholder:text-faint focus:bg-surface focus:outline-none';

const FOCUS_EDGE = {
  accent: 'focus:border-amber-400',
  /** The field that arms a destructive action (typing DELETE). */
  danger: 'focus:border-red-400',
} as const;

type Tone = keyof typeof FOCUS_EDGE;

/** A one-line text input in a form or dialog. */
export function TextInput({
  tone = 'accent',
  className,
  ...props
}: ComponentProps<'input'> & { tone?: Tone }) {
  return <input className={cn(fieldStyle, FOCUS_EDGE[tone], className)} {...props} />;
}

/** A text area in a form or dialog; it keeps the height of its `rows`, so the dialog does not jump. */
export function TextArea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldStyle, FOCUS_EDGE.accent, 'resize-none', className)} {...props} />;
}
