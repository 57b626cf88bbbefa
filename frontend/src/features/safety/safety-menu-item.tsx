import { useQuery } from '@tanstack/react-query';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import type { SafetyKind } from '@/lib/safety-api';
import { safetyListQueryOptions } from './queries';
import { SAFETY_ICONS, SafetyConfirmDialog } from './safety-confirm-dialog';
import { SAFETY_WORDS } from './safety-words';
import { useSafetyAction } from './use-safety-action';

/**
 * BLOCK or MUTE of a member as an entry of a menu (a post's): the same confirm step and toast as on
 * their profile, the dialog handed to `show` so it outlives the closing menu. UNMUTE (or UNBLOCK), at
 * once, when the viewer's own list says it is done. `onDone` runs once a block or mute went through.
 */
export function SafetyMenuItem({
  kind,
  member,
  show,
  onDone,
}: {
  kind: SafetyKind;
  member: { id: string; name: string };
  show: (dialog: ReactNode) => void;
  onDone?: () => void;
}) {
  const list = useQuery(safetyListQueryOptions(kind));
  const { run } = useSafetyAction(kind);
  const words = SAFETY_WORDS[kind];
  const Icon = SAFETY_ICONS[kind];
  const done = list.data?.some((listed) => listed.id === member.id) ?? false;
  const confirm = () =>
    show(
      <SafetyConfirmDialog
        kind={kind}
        member={member}
        open
        onOpenChange={(open) => !open && show(null)}
        onDone={onDone}
      />,
    );
  return (
    <DropdownMenu.Item
      // Until the list has loaded, the entry could offer the wrong one of the two.
      disabled={list.isPending}
      onSelect={() => (done ? void run(member, false) : confirm())}
      className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-bold tracking-wide text-ink-soft outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-canvas data-[highlighted]:text-ink"
      data-testid={`post-menu-${done ? 'un' : ''}${kind}`}
    >
      <Icon className="size-4" aria-hidden="true" /> {done ? words.undo : `${words.action} ${member.name}`}
    </DropdownMenu.Item>
  );
}
