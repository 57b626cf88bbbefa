import { INVITE_CODE_PATTERN, InviteState, acceptOutcome, isOpen, newInviteCode } from './invite-rules';

const INVITER = '00000000-0000-4000-8000-00000000000a';
const GUEST = '00000000-0000-4000-8000-00000000000b';
const OTHER = '00000000-0000-4000-8000-00000000000c';

const invite = (overrides: Partial<InviteState> = {}): InviteState => ({
  inviterId: INVITER,
  acceptedBy: null,
  ...overrides,
});

describe('invite codes', () => {
  it('are 16 url-safe characters and differ every time', () => {
    const codes = new Set(Array.from({ length: 1000 }, newInviteCode));
    expect(codes.size).toBe(1000);
    for (const code of codes) expect(code).toMatch(INVITE_CODE_PATTERN);
  });
});

describe('acceptOutcome', () => {
  it('accepts an open code from someone else', () => {
    expect(acceptOutcome(invite(), GUEST)).toBe('accept');
    expect(isOpen(invite())).toBe(true);
  });

  it("refuses the inviter's own code, even once accepted", () => {
    expect(acceptOutcome(invite(), INVITER)).toBe('own');
    expect(acceptOutcome(invite({ acceptedBy: GUEST }), INVITER)).toBe('own');
  });

  it('changes nothing for the member who already accepted', () => {
    expect(acceptOutcome(invite({ acceptedBy: GUEST }), GUEST)).toBe('already-accepted');
  });

  it('treats a code another member accepted as gone', () => {
    expect(acceptOutcome(invite({ acceptedBy: OTHER }), GUEST)).toBe('gone');
    expect(isOpen(invite({ acceptedBy: OTHER }))).toBe(false);
  });
});
