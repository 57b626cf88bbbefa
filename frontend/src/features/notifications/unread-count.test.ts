import { describe, expect, it } from 'vitest';
import { HEADER_UNREAD_CAP, MOBILE_UNREAD_CAP, formatUnreadCount } from './unread-count';

describe('formatUnreadCount', () => {
  it('shows nothing when there is nothing unread', () => {
    expect(formatUnreadCount(0, HEADER_UNREAD_CAP)).toBeNull();
    expect(formatUnreadCount(undefined, HEADER_UNREAD_CAP)).toBeNull();
    expect(formatUnreadCount(-3, MOBILE_UNREAD_CAP)).toBeNull();
  });

  it('caps the header badge at 99+', () => {
    expect(formatUnreadCount(1, HEADER_UNREAD_CAP)).toBe('1');
    expect(formatUnreadCount(99, HEADER_UNREAD_CAP)).toBe('99');
    expect(formatUnreadCount(100, HEADER_UNREAD_CAP)).toBe('99+');
  });

  it('caps the mobile badge at 9+', () => {
    expect(formatUnreadCount(9, MOBILE_UNREAD_CAP)).toBe('9');
    expect(formatUnreadCount(10, MOBILE_UNREAD_CAP)).toBe('9+');
  });
});
