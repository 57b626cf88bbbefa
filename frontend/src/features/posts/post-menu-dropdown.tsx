import type { Post } from '@daybreak/contracts';
import { DropdownMenu } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { PostMenuButton } from './post-menu';
import { PostMenuItems } from './post-menu-items';

/**
 * The post menu once loaded: open at once (the member pressed its button to load it). An entry that
 * asks first hands its dialog to `show`, which keeps it here: the menu's entries are gone once it
 * closes, and the dialog must outlive them.
 */
export function PostMenuDropdown({ post, onBlocked }: { post: Post; onBlocked?: () => void }) {
  const [dialog, setDialog] = useState<ReactNode>(null);
  return (
    <>
      {/* Not modal: a modal menu that opens a dialog as it closes leaves the page unclickable (Radix). */}
      <DropdownMenu.Root defaultOpen modal={false}>
        <DropdownMenu.Trigger asChild>
          <PostMenuButton />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-40 min-w-48 rounded-xl border border-line bg-surface p-1 shadow-lg data-[state=open]:animate-pop-in"
            data-testid="post-menu"
          >
            <PostMenuItems post={post} show={setDialog} onBlocked={onBlocked} />
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {dialog}
    </>
  );
}
