import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { createAppRouter } from '@/router';
import { serverStateJson, takeServerState } from './server-state';

describe('the server-rendered page’s data', () => {
  afterEach(() => document.body.replaceChildren());

  it('goes into the page as JSON no post can break out of, and comes back into the query cache', () => {
    const server = createQueryClient();
    const post = { id: 'p1', content: '</script><script>alert(1)</script> <!-- sunrise' };
    server.setQueryData(['/api/posts', 'p1'], post);
    const json = serverStateJson(server, 1_700_000_000_000);
    expect(json).not.toMatch(/<\/script|<!--/i);

    document.body.innerHTML = `<div id="root" data-server-rendered></div><script type="application/json" id="daybreak-state">${json}</script>`;
    const browser = createQueryClient();
    const root = document.getElementById('root')!;
    expect(takeServerState(root, browser, createAppRouter(browser))).toBe(true);
    expect(browser.getQueryData(['/api/posts', 'p1'])).toEqual(post);
    expect(document.getElementById('daybreak-state')).toBeNull();
  });

  it('is not looked for on a page the server did not render', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const client = createQueryClient();
    expect(takeServerState(document.getElementById('root')!, client, createAppRouter(client))).toBe(false);
  });
});
