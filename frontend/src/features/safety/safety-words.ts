import type { SafetyKind } from '@/lib/safety-api';

/** What each action says: its buttons, confirm step and toasts, in the app's upper-case voice. */
export const SAFETY_WORDS: Record<
  SafetyKind,
  {
    action: string;
    undo: string;
    confirmTitle: (name: string) => string;
    confirmDescription: (name: string) => string;
    done: string;
    doneDescription: (name: string) => string;
    undone: string;
    undoneDescription: (name: string) => string;
    failed: string;
  }
> = {
  block: {
    action: 'BLOCK',
    undo: 'UNBLOCK',
    confirmTitle: (name) => `BLOCK ${name}?`,
    confirmDescription: (name) =>
      `You and ${name} will stop following each other and no longer see each other's profiles, ` +
      `posts or comments. ` +
      `Neither of you can follow the other, accept the other's invite or notify the other. ` +
      `${name} is not told.`,
    done: 'BLOCKED',
    doneDescription: (name) => `${name} is blocked.`,
    undone: 'UNBLOCKED',
    undoneDescription: (name) => `${name} is unblocked. Your follows stay ended.`,
    failed: 'Failed to block. Please try again.',
  },
  mute: {
    action: 'MUTE',
    undo: 'UNMUTE',
    confirmTitle: (name) => `MUTE ${name}?`,
    confirmDescription: (name) =>
      `${name}'s posts and comments leave your feed now, and nothing ${name} does notifies you. ` +
      `${name} is not told, and your follows stay.`,
    done: 'MUTED',
    doneDescription: (name) => `${name} is muted.`,
    undone: 'UNMUTED',
    undoneDescription: (name) => `${name} is unmuted.`,
    failed: 'Failed to mute. Please try again.',
  },
};
