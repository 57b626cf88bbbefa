import type { CurrentUser, Post } from '@daybreak/contracts';
import { describe, expect, it } from 'vitest';
import { postAuthor } from './post-author';

const unnamed = { id: 'ana', firstName: null, lastName: null, profileName: null, profileImageUrl: null };
const ana: CurrentUser = {
  id: 'ana',
  email: 'ana@example.test',
  firstName: 'Ana',
  lastName: 'Dawn',
  profileName: null,
  profileImageUrl: null,
};
const post = (user: Post['user']) => ({ userId: 'ana', user }) as Post;

describe('postAuthor', () => {
  it('shows the signed-in member on their own post while the server has no name for them yet', () => {
    expect(postAuthor(post(unnamed), ana)).toMatchObject({ id: 'ana', firstName: 'Ana', lastName: 'Dawn' });
  });

  it('keeps what the server embedded once it knows the author', () => {
    const named = { ...unnamed, profileName: 'ana_rises' };
    expect(postAuthor(post(named), ana)).toBe(named);
  });

  it('never puts the viewer’s name on someone else’s post', () => {
    expect(postAuthor(post(unnamed), { ...ana, id: 'ben' })).toBe(unnamed);
    expect(postAuthor(post(unnamed), null)).toBe(unnamed);
  });
});
