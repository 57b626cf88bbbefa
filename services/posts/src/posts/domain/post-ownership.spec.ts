import { canDeletePost } from './post-ownership';

describe('canDeletePost', () => {
  const post = { authorId: 'ana' };

  it('lets the author delete their post', () => {
    expect(canDeletePost(post, 'ana')).toBe(true);
  });

  it('refuses anyone else', () => {
    expect(canDeletePost(post, 'ben')).toBe(false);
  });
});
