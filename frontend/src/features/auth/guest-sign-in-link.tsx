import { useRouterState } from '@tanstack/react-router';
import type { ComponentProps, MouseEvent } from 'react';
import { loginUrl } from '@/lib/navigation';
import { promptGuestLogin } from './session';

/**
 * Where a guest's sign-in comes back to: this page, as the router sees it on the server and in the
 * browser alike (so the rendered link and the hydrated one agree). The path only: the search of a public page holds
 * one-time parameters the app drops itself (`?login=failed`, `?post=`), and the hash never reaches
 * the server.
 */
function useHerePath(): string {
  return useRouterState({ select: (state) => state.location.pathname });
}

/** A click the page may take over: the main button and no modifier (those open a tab or a window). */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A guest's go at a member action (a like, a comment): a link to sign-in that returns here, so it
 * works on a server-rendered page before the scripts have run. Once they have, a plain click says why
 * first (spec §5: the toast, then sign-in) and ends up at the same address.
 */
export function GuestSignInLink({
  explanation,
  children,
  ...props
}: Omit<ComponentProps<'a'>, 'href' | 'onClick'> & { explanation: string }) {
  const here = useHerePath();
  return (
    <a
      {...props}
      href={loginUrl(here)}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        promptGuestLogin(explanation, here);
      }}
    >
      {children}
    </a>
  );
}
