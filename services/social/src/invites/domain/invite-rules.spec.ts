import {
  INVITE_CODE_PATTERN,
  InviteState,
  acceptOutcome,
  inviteExpiry,
  isLive,
  newInviteCode,
} from './invite-rules';

const INVITER = '00000000-0000-4000-8000-00000000000a';
const FRIEND = '00000000-0000-4000-8000-00000000000b';
const NOW = new Date('2026-11-28T05:00:00Z');

const invite = (overrides: Partial<InviteState> = {}): InviteState => ({
  inviterId: INVITER,
  expiresAt: inviteExpiry(NOW),
  replacedAt: null,
  ...overrides,
});

describe('invite codes', () => {
  it('are 16 url-safe characters and differ every time', () => {
    const codes = new Set(Array.from({ length: 1000 }, newInviteCode));
    expect(codes.size).toBe(1000);
    for (const code of codes) expect(code).toMatch(INVITE_CODE_PATTERN);
  });

  it('live 30 days from when they were made', () => {
    expect(inviteExpiry(NOW).toISOString()).toBe('2026-12-28T05:00:00.000Z');
  });
});

describe('acceptOutcome', () => {
  it('accepts a live link from someone else', () => {
    expect(acceptOutcome(invite(), FRIEND, NOW)).toBe('accept');
    expect(isLive(invite(), NOW)).toBe(true);
  });

  it("refuses the inviter's own link", () => {
    expect(acceptOutcome(invite(), INVITER, NOW)).toBe('own');
  });

  it('treats an expired link as gone, from its last millisecond on', () => {
    const expired = invite({ expiresAt: NOW });
    expect(acceptOutcome(expired, FRIEND, NOW)).toBe('gone');
    expect(isLive(invite({ expiresAt: new Date(NOW.getTime() + 1) }), NOW)).toBe(true);
  });

  it('treats a replaced link as gone before its expiry', () => {
    expect(acceptOutcome(invite({ replacedAt: NOW }), FRIEND, NOW)).toBe('gone');
    expect(isLive(invite({ replacedAt: NOW }), NOW)).toBe(false);
  });
});
