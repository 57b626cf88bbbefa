import type { CurrentUser } from '@daybreak/contracts';
import type { ReactNode } from 'react';
import { FloatingPostButton } from './floating-post-button';
import { MemberGreeting } from './member-greeting';
import { QuickPostBox } from './quick-post-box';

/** What only a member's home has, around the feed (`children`): greeting, composer, "+" button. */
export function MemberHome({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return (
    <>
      <MemberGreeting user={user} />
      <QuickPostBox />
      {children}
      <FloatingPostButton />
    </>
  );
}
