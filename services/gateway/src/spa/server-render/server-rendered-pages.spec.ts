import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import { withRenderedRoot, withScriptsAfterPaint } from './rendered-html';
import type { Render } from './renderer';
import { ServerRenderedPages } from './server-rendered-pages';

const request = (url: string, cookie?: string) =>
  ({ url, ip: '203.0.113.9', headers: cookie ? { cookie } : {} }) as unknown as FastifyRequest;

/** Pages over a render that says whom it rendered for (the Cookie its API reads would carry). */
function pagesWith(
  render: Render = jest.fn(async ({ url }) => ({ kind: 'page' as const, html: url, state: '{}' })),
) {
  // A Redis that is never ready: the feed's routes then render without keeping a copy.
  const redis = { status: 'connecting', options: {} } as unknown as Redis;
  const pages = new ServerRenderedPages({} as FastifyInstance, render, redis, {
    origin: 'https://daybreak.test',
    sessionCookie: 'daybreak.sid',
    timeoutMs: 50,
  });
  return { pages, render: render as jest.Mock };
}

describe('ServerRenderedPages', () => {
  it("renders a member's page for each request and never keeps it; a guest's fixed page once", async () => {
    const { pages, render } = pagesWith();
    const member = await pages.pageFor(request('/landing', 'theme=dark; daybreak.sid=s%3Aabc'), '/landing');
    await pages.pageFor(request('/landing', 'daybreak.sid=s%3Aabc'), '/landing');
    expect(member?.viewer).toBe('member');
    expect(render).toHaveBeenCalledTimes(2);

    const guest = await pages.pageFor(request('/landing', 'theme=dark'), '/landing');
    const again = await pages.pageFor(request('/landing'), '/landing');
    expect(guest?.viewer).toBe('guest');
    expect(again?.body).toBe(guest?.body);
    expect(render).toHaveBeenCalledTimes(3);
  });

  it('gives the shell (null) for routes it does not render, and for a render that fails, redirects or is slow', async () => {
    expect(await pagesWith().pages.pageFor(request('/profile'), '/profile')).toBeNull();
    const failing = pagesWith(jest.fn().mockRejectedValue(new Error('posts is down')));
    expect(await failing.pages.pageFor(request('/'), '/')).toBeNull();
    const redirecting = pagesWith(jest.fn().mockResolvedValue({ kind: 'shell' }));
    expect(await redirecting.pages.pageFor(request('/invite/x'), '/invite/x')).toBeNull();
    const slow = pagesWith(() => new Promise(() => {}));
    expect(await slow.pages.pageFor(request('/blog'), '/blog')).toBeNull();
  });
});

describe('withRenderedRoot', () => {
  const index =
    '<html><head><title>x</title></head><body>\n<div id="root">\n<div>spinner</div>\n</div>\n</body></html>';

  it('puts the render in #root in place of the boot screen, its data after it as JSON that is never run', () => {
    const page = withRenderedRoot(index, {
      html: '<main>$& morning</main>',
      state: '{"a":"\\u003c/script>"}',
    });
    expect(page).toContain(
      '<div id="root" data-server-rendered><main>$& morning</main></div><script type="application/json" id="daybreak-state">{"a":"\\u003c/script>"}</script>\n</body>',
    );
    expect(page).not.toContain('spinner');
  });

  it('fails loudly on an index.html without #root', () => {
    expect(() => withRenderedRoot('<html><body></body></html>', { html: '', state: '{}' })).toThrow(/root/);
  });
});

describe('withScriptsAfterPaint', () => {
  it('fetches what only hydrates a rendered page at low priority, and leaves the stylesheet and the photo alone', () => {
    const head =
      '<link rel="preload" href="/api/auth/user" as="fetch" crossorigin="use-credentials" />' +
      '<script type="module" crossorigin src="/assets/index.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/react.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/index.css">' +
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/posts?limit=10" />' +
      '<link rel="preload" as="image" fetchpriority="high" href="/objects/p.jpg" />';
    expect(withScriptsAfterPaint(head)).toBe(
      '<link rel="preload" href="/api/auth/user" as="fetch" fetchpriority="low" crossorigin="use-credentials" />' +
        '<script type="module" fetchpriority="low" crossorigin src="/assets/index.js"></script>' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/index.css">' +
        '<link rel="preload" as="fetch" fetchpriority="low" crossorigin="use-credentials" href="/api/posts?limit=10" />' +
        '<link rel="preload" as="image" fetchpriority="high" href="/objects/p.jpg" />',
    );
  });
});
