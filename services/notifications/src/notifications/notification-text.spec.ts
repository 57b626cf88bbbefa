import { badgeMessage, memberMessage, notificationUrl } from './notification-text';

describe('notification text', () => {
  const ana = { firstName: 'Ana', lastName: 'Early', profileName: null };

  it('names the member with the spec fallbacks: profileName, first plus last, first, Member', () => {
    expect(memberMessage('like', { ...ana, profileName: 'sunny' })).toBe('sunny liked your post');
    expect(memberMessage('like', ana)).toBe('Ana Early liked your post');
    expect(memberMessage('comment', { ...ana, lastName: null })).toBe('Ana commented on your post');
    expect(memberMessage('follow', null)).toBe('Member started following you');
    expect(memberMessage('post', { firstName: null, lastName: null, profileName: ' ' })).toBe(
      'Member shared a new post',
    );
  });

  it('announces a badge by name', () => {
    expect(badgeMessage('First Light')).toBe('You earned the First Light badge!');
  });

  it('leads a follow to the follower, one with a post to the post, anything else home', () => {
    const from = 'a3f1c3e2-0000-4000-8000-000000000001';
    const post = 'a3f1c3e2-0000-4000-8000-000000000002';
    expect(notificationUrl({ type: 'follow', fromUserId: from, postId: null })).toBe(`/profile/${from}`);
    expect(notificationUrl({ type: 'like', fromUserId: from, postId: post })).toBe(`/?post=${post}`);
    expect(notificationUrl({ type: 'other', fromUserId: null, postId: null })).toBe('/');
  });
});
