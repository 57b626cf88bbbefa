import { pages } from '@daybreak/content';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { textResponse } from '@/test/fakes';
import { renderApp } from '@/test/render-app';
import { fakeRoute } from '@/test/gateway';

const signedOut = {
  ...fakeRoute('GET /api/auth/user', () => textResponse('Unauthorized', 401, 'Unauthorized')),
  ...fakeRoute('GET /api/posts', () => []),
};

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');
const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');

describe('page head', () => {
  it("sets each route's title, description and canonical link, and changes them on navigation", async () => {
    const { router } = renderApp('/landing', signedOut);

    await waitFor(() => expect(document.title).toBe(pages.landing.title));
    expect(description()).toBe(pages.landing.description);
    expect(canonical()).toBe(`${window.location.origin}/landing`);

    await router.navigate({ to: '/' });
    await waitFor(() => expect(document.title).toBe(pages.home.title));
    expect(description()).toBe(pages.home.description);
    expect(canonical()).toBe(`${window.location.origin}/`);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
  });
});
