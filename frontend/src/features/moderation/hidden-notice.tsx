import { EyeOff } from 'lucide-react';

/** On a post or comment a moderator hid, as its author alone sees it (issue 42). */
export function HiddenNotice({ what }: { what: 'post' | 'comment' }) {
  return (
    <p
      className="flex items-center gap-1.5 rounded-lg bg-stone-200/70 px-2 py-1 text-xs font-semibold text-stone-700"
      data-testid={`hidden-${what}-notice`}
    >
      <EyeOff className="size-3.5 shrink-0" aria-hidden="true" />
      Hidden by a moderator: only you can see this {what}.
    </p>
  );
}
