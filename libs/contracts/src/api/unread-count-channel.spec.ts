import { decodeUnreadCountChange, encodeUnreadCountChange } from './unread-count-channel';

describe('the unread count channel', () => {
  it('reads a member id and a count', () => {
    expect(decodeUnreadCountChange('{"userId":"u1","count":3}')).toEqual({ userId: 'u1', count: 3 });
    expect(decodeUnreadCountChange('{"userId":"u1","count":0}')).toEqual({ userId: 'u1', count: 0 });
  });

  it.each([
    'not json',
    '{"count":3}',
    '{"userId":"u1"}',
    '{"userId":"u1","count":-1}',
    '{"userId":"u1","count":1.5}',
  ])('ignores %s', (message) => expect(decodeUnreadCountChange(message)).toBeNull());

  it('reads back what it writes', () => {
    const message = encodeUnreadCountChange({ userId: 'ana', count: 7 });
    expect(message).toBe('{"userId":"ana","count":7}');
    expect(decodeUnreadCountChange(message)).toEqual({ userId: 'ana', count: 7 });
  });

  it('writes no change the other side would ignore', () => {
    expect(() => encodeUnreadCountChange({ userId: 'ana', count: -1 })).toThrow();
  });
});
