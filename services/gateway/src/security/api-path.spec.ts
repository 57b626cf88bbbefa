import { isApiPath, routedUrl } from './api-path';

describe('isApiPath', () => {
  it.each(['/api', '/api/', '/api/posts', '/api?x=1', '/%61pi/logout', '/%61%70%69', '/a%70i?x', '/ap%69/x'])(
    '%s is under /api',
    (url) => expect(isApiPath(url)).toBe(true),
  );

  // `%2561` is the text `%61`, and the router keeps `%2F` within a segment: neither is /api/.
  it.each(['/', '/apis', '/apix/y', '/app.js', '/%2561pi/logout', '/api%2Flogout', '/API/logout', '/x/api'])(
    '%s is not',
    (url) => expect(isApiPath(url)).toBe(false),
  );
});

describe('routedUrl', () => {
  it('decodes escaped unreserved characters, in either case of hex digits, and keeps the others', () => {
    expect(routedUrl('/%61pi/%7e%7Ex%2F%3f%20')).toBe('/api/~~x%2F%3f%20');
    expect(routedUrl('/api/posts')).toBe('/api/posts');
  });
});
