import { safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it.each(['/', '/following', '/users/42', '/posts/1?tab=comments#c2', '/search?q=a%2Fb', '/a/./b'])(
    'keeps the same-origin path %j',
    (value) => {
      expect(safeReturnTo(value)).toBe(value);
    },
  );

  it.each([
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with path', '//evil.example/following'],
    ['backslash after slash', '/\\evil.example'],
    ['backslash later', '/foo\\..\\bar'],
    ['absolute http URL', 'http://evil.example/'],
    ['absolute https URL', 'https://evil.example'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['data scheme', 'data:text/html,hi'],
    ['relative path', 'following'],
    ['tab that browsers strip', '/\t/evil.example'],
    ['newline that browsers strip', '/\n/evil.example'],
    ['NUL byte', '/foo\u0000'],
    ['empty', ''],
    ['too long', `/${'a'.repeat(2048)}`],
  ])('falls back to / for %s', (_label, value) => {
    expect(safeReturnTo(value)).toBe('/');
  });

  it.each([undefined, null, 42, ['/a', '/b'], { path: '/a' }])(
    'falls back to / for a non-string query value %j',
    (value) => {
      expect(safeReturnTo(value)).toBe('/');
    },
  );
});
