import { expect, type Locator, type Page } from '@playwright/test';
import { test, type NewPage, visit } from '../support/story';
import { member } from '../support/member-api';

const baseUrl = () => process.env.E2E_BASE_URL!;

/** Where the app's sign-in starts, coming back to `returnTo` (lib/navigation.ts's loginUrl). */
const signIn = (returnTo: string) => `/api/login?returnTo=${encodeURIComponent(returnTo)}`;

/** A control a guest can use on a rendered page, and the address it leads to. */
interface Control {
  name: string;
  find: (page: Page) => Locator;
  leadsTo: string;
}

const byTestId = (testId: string) => (page: Page) => page.getByTestId(testId).first();

/** The bottom bar's tabs a guest cannot open: each signs in and comes back to that tab. */
const memberTabs: Control[] = [
  ['nav-following', '/following'],
  ['nav-post', '/create-post'],
  ['nav-alerts', '/notifications'],
  ['nav-profile', '/profile'],
].map(([testId, tab]) => ({ name: testId!, find: byTestId(testId!), leadsTo: signIn(tab!) }));

async function publicPages(): Promise<Record<string, Control[]>> {
  const ana = await member(baseUrl(), 'Early');
  const created = await ana.post({ content: 'Tapped before the scripts ran' });
  expect(created.status).toBe(201);
  const invite = await ana.invite();
  expect(invite.status).toBe(200);
  const post = `/post/${created.body.post.id}`;
  const code = invite.body.inviteCode;
  return {
    '/': [
      { name: 'JOIN DAYBREAK', find: byTestId('login-button'), leadsTo: signIn('/') },
      { name: 'a card’s like', find: byTestId('like-button'), leadsTo: signIn('/') },
      { name: 'a card’s comment', find: byTestId('comment-button'), leadsTo: signIn('/') },
      ...memberTabs,
    ],
    '/landing': [
      { name: 'TRY NOW', find: byTestId('landing-try-now'), leadsTo: '/' },
      {
        name: 'READ SUCCESS STORIES',
        find: (page) => page.getByRole('link', { name: 'READ SUCCESS STORIES' }),
        leadsTo: '/blog',
      },
      memberTabs[0]!,
    ],
    '/blog': [
      { name: 'JOIN DAYBREAK', find: byTestId('blog-join-button'), leadsTo: signIn('/') },
      { name: 'explore', find: byTestId('explore-community'), leadsTo: '/' },
    ],
    '/blog/why-5am-health-success': [
      { name: 'JOIN DAYBREAK', find: byTestId('blog-join-button'), leadsTo: signIn('/') },
      { name: 'Back to Blog', find: byTestId('blog-back-link'), leadsTo: '/blog' },
    ],
    [post]: [
      { name: 'like', find: byTestId('like-button'), leadsTo: signIn(post) },
      { name: 'Log in to comment...', find: byTestId('comment-login'), leadsTo: signIn(post) },
      { name: 'the author', find: byTestId('post-author'), leadsTo: `/profile/${ana.id}` },
      { name: 'Back to feed', find: byTestId('back-link'), leadsTo: '/' },
    ],
    [`/invite/${code}`]: [
      { name: 'SIGN IN TO JOIN', find: byTestId('sign-in-to-join'), leadsTo: signIn(`/invite/${code}`) },
      { name: 'Maybe Later', find: byTestId('maybe-later'), leadsTo: '/' },
    ],
  };
}

/** A phone's width: the bottom bar shows. */
function guestPage(newPage: NewPage, javaScriptEnabled: boolean): Promise<Page> {
  return newPage({ javaScriptEnabled, viewport: { width: 390, height: 900 } });
}

/** Taps the control and waits for the browser to ask for `leadsTo` (sign-in leaves for the provider). */
async function follow(page: Page, control: Control): Promise<void> {
  if (!control.leadsTo.startsWith('/api/')) {
    await control.find(page).click();
    // Without scripts a new document; hydrated, the router moves in the page.
    await expect(page).toHaveURL(new URL(control.leadsTo, baseUrl()).href);
    return;
  }
  const asked = page.waitForRequest((request) => {
    const url = new URL(request.url());
    return request.isNavigationRequest() && `${url.pathname}${url.search}` === control.leadsTo;
  });
  await control.find(page).click();
  await asked;
}

// ADR 0032: a rendered page is on screen before its scripts have run (they load at low priority), so a
// guest's tap can come first. Each control that only navigates must be a link that works then, and
// lead where the hydrated app's control leads.
test('before hydration, every guest control on a rendered public page is a link to where the app’s control leads', async ({
  newPage,
}) => {
  test.setTimeout(180_000);
  const pages = await publicPages();
  const withoutScripts = await guestPage(newPage, false);
  const hydrated = await guestPage(newPage, true);
  // Each control as found with scripts off, against what it should be: one list, so a failure names
  // every control that is not a link yet.
  const found: string[] = [];
  const wanted: string[] = [];
  for (const [route, controls] of Object.entries(pages)) {
    for (const control of controls) {
      const what = `${control.name} on ${route}`;
      // eslint-disable-next-line no-restricted-syntax -- scripts off: nothing runs to wait for
      await withoutScripts.goto(route);
      const target = control.find(withoutScripts);
      const role = await target.evaluate(
        (element) =>
          element instanceof HTMLAnchorElement && element.hasAttribute('href') ? 'link' : element.tagName,
        undefined,
        { timeout: 10_000 },
      );
      found.push(`${what}: ${role} to ${await target.getAttribute('href')}`);
      wanted.push(`${what}: link to ${control.leadsTo}`);
      if (role === 'link') await follow(withoutScripts, control);

      await visit(hydrated, route);
      await expect(hydrated.locator('#root[data-hydrated]'), what).toBeAttached();
      await follow(hydrated, control);
    }
  }
  expect(found).toEqual(wanted);
});
