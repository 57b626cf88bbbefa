import { describe, expect, it } from 'vitest';
import { shouldPromptInvites } from './invite-prompt';

describe('shouldPromptInvites', () => {
  it('asks at 3 or fewer followers (spec §9)', () => {
    expect(shouldPromptInvites(0)).toBe(true);
    expect(shouldPromptInvites(3)).toBe(true);
    expect(shouldPromptInvites(4)).toBe(false);
  });
});
