import { indexEntryOf, memberOf, memberSessionsKey } from './member-sessions';
import { SESSION_IDLE_MS } from './session-lifetime';

const NOW = Date.UTC(2026, 10, 28);
const member = (userId: unknown) => JSON.stringify({ cookie: {}, userId, signedInAt: NOW });

describe("a member's index of sessions", () => {
  it('lists a saved member session under its member, scored by when its key expires', () => {
    expect(indexEntryOf('sess:abc', member('member-1'), 3_600, NOW, 'sess:')).toEqual({
      userId: 'member-1',
      sessionId: 'abc',
      expiresAt: NOW + 3_600_000,
    });
    expect(memberSessionsKey('member-1')).toBe('member-sessions:member-1');
  });

  it('lists a session saved without an expiry for the idle lifetime', () => {
    expect(indexEntryOf('sess:abc', member('member-1'), undefined, NOW, 'sess:')?.expiresAt).toBe(
      NOW + SESSION_IDLE_MS,
    );
  });

  it('lists no session that is still signing in, and nothing that is not a session', () => {
    expect(
      indexEntryOf('sess:abc', JSON.stringify({ cookie: {}, returnTo: '/' }), 900, NOW, 'sess:'),
    ).toBeNull();
    expect(indexEntryOf('sess:abc', member(''), 900, NOW, 'sess:')).toBeNull();
    expect(indexEntryOf('sess:abc', member(42), 900, NOW, 'sess:')).toBeNull();
    expect(indexEntryOf('other:abc', member('member-1'), 900, NOW, 'sess:')).toBeNull();
  });

  it('tells whose a stored session is, and no one for a gone or unreadable one', () => {
    expect(memberOf(member('member-2'))).toBe('member-2');
    expect(memberOf(null)).toBeNull();
    expect(memberOf('{not json')).toBeNull();
  });
});
