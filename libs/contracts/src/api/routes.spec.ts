import { fillRoute } from './routes';

describe('fillRoute', () => {
  it('fills path parameters as encoded segments', () => {
    expect(
      fillRoute('DELETE /api/posts/:postId/comments/:commentId', { postId: 'p1', commentId: 'a/b' }),
    ).toBe('DELETE /api/posts/p1/comments/a%2Fb');
    expect(fillRoute('GET /api/badges')).toBe('GET /api/badges');
  });

  it('asks for exactly the parameters of its route', () => {
    // @ts-expect-error: the route has a parameter
    expect(() => fillRoute('GET /api/posts/:postId')).toThrow();
    // @ts-expect-error: the route has no such parameter
    expect(() => fillRoute('GET /api/posts/:postId', { id: 'p1' })).toThrow(/no value for :postId/);
    // @ts-expect-error: no such route
    expect(fillRoute('GET /api/nowhere')).toBe('GET /api/nowhere');
  });
});
