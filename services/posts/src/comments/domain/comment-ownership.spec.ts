import { canDeleteComment } from './comment-ownership';

describe('canDeleteComment', () => {
  const post = { authorId: 'ana' };
  const comment = { authorId: 'ben' };

  it("lets the comment's author delete it", () => {
    expect(canDeleteComment(comment, post, 'ben')).toBe(true);
  });

  it("lets the post's author delete a comment on their post", () => {
    expect(canDeleteComment(comment, post, 'ana')).toBe(true);
  });

  it('refuses a third member', () => {
    expect(canDeleteComment(comment, post, 'cara')).toBe(false);
  });
});
