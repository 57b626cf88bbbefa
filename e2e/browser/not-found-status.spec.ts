import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { member } from '../support/member-api';
import { visit } from '../support/story';

const baseUrl = () => process.env.E2E_BASE_URL!;

/** Spec §2: one of the three fixed articles. */
const ARTICLE_ID = 'why-5am-health-success';

test("a missing post and an unknown address answer 404, and the browser still shows the SPA's own screen", async ({
  page,
}) => {
  const post = await visit(page, `/post/${randomUUID()}`);
  expect(post?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'POST NOT FOUND' })).toBeVisible();

  const nowhere = await visit(page, '/nothing-here');
  expect(nowhere?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toContainText('404 Page Not Found');

  const article = await visit(page, '/blog/no-such-article');
  expect(article?.status()).toBe(404);
  await expect(page.getByTestId('post-not-found')).toContainText('Post not found');
});

test("the gateway knows the SPA's routes from its router: each answers 200, redirect-only and test pages too", async ({
  request,
}) => {
  const ana = await member(baseUrl(), 'Routed');
  const created = await ana.post({ content: 'A page that exists, so it answers 200' });
  expect(created.status).toBe(201);
  const invite = await ana.invite();
  expect(invite.status).toBe(200);
  const postId: string = created.body.post.id;

  const statusOf = async (path: string) => ({
    path,
    status: (await request.get(path, { maxRedirects: 0 })).status(),
  });
  for (const path of [
    '/',
    '/landing',
    '/blog',
    `/blog/${ARTICLE_ID}`,
    `/post/${postId}`,
    `/share/post/${postId}`,
    `/profile/${ana.id}`,
    `/profile/${randomUUID()}`,
    '/profile',
    `/invite/${invite.body.inviteCode}`,
    '/invite/NOSUCHCODE',
    '/invite',
    '/notifications',
    '/test/celebration',
  ])
    expect(await statusOf(path)).toEqual({ path, status: 200 });
  for (const path of [
    `/post/${randomUUID()}`,
    '/post/not-a-uuid',
    `/share/post/${randomUUID()}`,
    '/blog/no-such-article',
    '/nothing-here',
    `/post/${postId}/extra`,
    '/test/nothing',
  ])
    expect(await statusOf(path)).toEqual({ path, status: 404 });
});
