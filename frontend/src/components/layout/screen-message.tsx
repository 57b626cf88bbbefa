import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';

/**
 * A screen that stands in for a page: the not-found and error screens. One layout, so they read as
 * one family: an icon, a title, a line of explanation and the ways on.
 */
export function ScreenMessage({
  icon: Icon,
  title,
  children,
  actions,
  ...props
}: ComponentProps<'div'> & { icon: LucideIcon; title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <div
      className="mx-auto flex w-full max-w-md flex-col items-center gap-4 px-4 py-20 text-center"
      {...props}
    >
      <Icon className="size-14 text-faint" aria-hidden="true" />
      <h1 className="text-3xl font-black tracking-tight">{title}</h1>
      <p className="text-sm text-muted">{children}</p>
      <div className="flex flex-wrap justify-center gap-2">{actions}</div>
    </div>
  );
}
