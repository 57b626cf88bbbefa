import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { MAX_PAGE_OFFSET } from '@daybreak/contracts';
import { GUARDS_METADATA } from '@nestjs/common/constants';
import { READS } from '../security/rate-limit';
import { RATE_LIMIT, type RateLimitRule } from '../security/rate-limit-rule';
import { RateLimitGuard } from '../security/rate-limit.guard';
import { type Route, gatewayRoutes, previewGatewayApp } from './gateway-routes';
import { buildOpenApiDocument } from './openapi-document';

const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete']);
/** The reads with a rule of their own rather than READS, each tighter than it. */
const READS_WITH_THEIR_OWN_RULE = [
  'get /api/account/export',
  'get /api/callback',
  'get /api/login',
  'get /api/logout',
  'get /api/notifications/stream',
  'get /api/test/streak-calculation/{userId}',
  'get /api/users/search',
];
const STATE_CHANGING_ROUTES = [
  'delete /api/account',
  'delete /api/posts/{id}',
  'delete /api/posts/{id}/comments/{commentId}',
  'delete /api/users/{id}/block',
  'delete /api/users/{id}/follow',
  'delete /api/users/{id}/mute',
  'post /api/analytics/events',
  'post /api/invites/generate',
  'post /api/invites/renew',
  'post /api/invites/{code}/accept',
  'post /api/invites/{code}/shared',
  'post /api/logout',
  'post /api/moderation/comments/{id}/unhide',
  'post /api/moderation/posts/{id}/unhide',
  'post /api/moderation/reports/{id}/resolve',
  'post /api/moderation/users/{id}/unsuspend',
  'post /api/notifications/subscribe',
  'post /api/notifications/unsubscribe',
  'post /api/objects/upload',
  'post /api/posts',
  'post /api/posts/{id}/comments',
  'post /api/posts/{id}/like',
  'post /api/reports',
  'post /api/sessions/revoke-all',
  'post /api/users/{id}/block',
  'post /api/users/{id}/follow',
  'post /api/users/{id}/mute',
  'put /api/notifications/read-all',
  'put /api/notifications/{id}/read',
  'put /api/objects/uploads/{token}',
  'put /api/profile',
  'put /api/profile-photo',
  'put /api/profile/reminders',
  'put /api/profile/timezone',
];

/** The description against the routes Nest registers (previewGatewayApp). */
describe('the OpenAPI description (/api/docs.json)', () => {
  let app: INestApplication;
  let document: OpenAPIObject;

  beforeAll(async () => {
    app = await previewGatewayApp();
    document = buildOpenApiDocument(app);
  });
  afterAll(() => app.close());

  const operationsOf = (doc: OpenAPIObject) =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );

  it('describes every route the gateway registers, and no other', () => {
    const routes = gatewayRoutes(app).map((route) => `${route.method.toUpperCase()} ${route.path}`);
    expect(routes.length).toBeGreaterThan(40);
    expect(operationsOf(document).sort()).toEqual([...new Set(routes)].sort());
  });

  it('gives every operation a success answer, and the error shape to each error status', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const statuses = Object.keys(operation.responses);
        expect({ route: `${method} ${path}`, success: statuses.some((s) => /^[23]/.test(s)) }).toEqual({
          route: `${method} ${path}`,
          success: true,
        });
        for (const status of statuses.filter((s) => /^[45]/.test(s)))
          expect(operation.responses[status].content['application/json'].schema.required).toEqual([
            'statusCode',
            'code',
            'message',
          ]);
      }
    }
  });

  it('documents on every operation the 400 and 413 of the body parser, which reads any request', () => {
    for (const [path, item] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(item))
        expect({ route: `${method} ${path}`, statuses: Object.keys(operation.responses) }).toEqual({
          route: `${method} ${path}`,
          statuses: expect.arrayContaining(['400', '413']),
        });
  });

  it("documents the health probes' answers", () => {
    const ready = document.paths['/health/ready'].get!;
    expect(ready.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { properties: { checks: expect.any(Object) } } } },
    });
    expect(Object.keys(ready.responses)).toContain('503');
  });

  it('gives every state-changing /api route a rate limit that its guard enforces, documented as 429', () => {
    const changing = gatewayRoutes(app).filter(
      (route) => STATE_CHANGING.has(route.method) && route.path.startsWith('/api/'),
    );
    // The list itself, so a new state-changing route shows up in review along with its rule.
    expect(changing.map((route) => `${route.method} ${route.path}`).sort()).toEqual(STATE_CHANGING_ROUTES);
    for (const route of changing) {
      expect(rateLimitOf(route)).toEqual(enforcedOnce(route));
      expect(Object.keys(document.paths[route.path][route.method as 'post']?.responses ?? {})).toContain(
        '429',
      );
    }
  });

  it('documents the paging ceiling on every route that takes an offset, once per parameter', () => {
    const paged = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) => {
        const parameters: { name: string; in: string; schema?: { maximum?: number } }[] =
          operation.parameters ?? [];
        const names = parameters.filter((p) => p.in === 'query').map((p) => p.name);
        expect({ route: `${method} ${path}`, names }).toEqual({
          route: `${method} ${path}`,
          names: [...new Set(names)],
        });
        const offset = parameters.find((p) => p.in === 'query' && p.name === 'offset');
        return offset ? [{ route: `${method} ${path}`, maximum: offset.schema?.maximum }] : [];
      }),
    );
    expect(paged.sort((a, b) => a.route.localeCompare(b.route))).toEqual(
      [
        'get /api/blocks',
        'get /api/moderation/audit',
        'get /api/moderation/hidden',
        'get /api/moderation/suspended',
        'get /api/mutes',
        'get /api/posts',
        'get /api/profile/{id}',
        'get /api/profile/{userId}/posts',
        'get /api/users/{id}/followers',
        'get /api/users/{id}/following',
      ].map((route) => ({ route, maximum: MAX_PAGE_OFFSET })),
    );
  });

  /**
   * A route's rate limit as Nest enforces it: its rule's name, and how many times RateLimitGuard runs
   * for it (Nest runs its controller's guards, then its own): `@RateLimit` puts the guard on the route,
   * so a label without its guard shows as 0, and a guard declared by hand as well (counting every
   * request twice) as 2.
   */
  const rateLimitOf = (route: Route) => ({
    route: `${route.method} ${route.path}`,
    rule: (Reflect.getMetadata(RATE_LIMIT, route.handler) as RateLimitRule | undefined)?.name,
    guardsRun: [route.controller, route.handler]
      .flatMap((target) => (Reflect.getMetadata(GUARDS_METADATA, target) ?? []) as unknown[])
      .filter((guard) => guard === RateLimitGuard).length,
  });
  const enforcedOnce = (route: Route) => ({
    route: `${route.method} ${route.path}`,
    rule: expect.any(String),
    guardsRun: 1,
  });

  it('gives every /api route a rate limit that RateLimitGuard enforces once, and every read READS unless listed', () => {
    const api = gatewayRoutes(app).filter((route) => route.path.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(40);
    for (const route of api) {
      expect(rateLimitOf(route)).toEqual(enforcedOnce(route));
      expect(Object.keys(document.paths[route.path][route.method as 'get']?.responses ?? {})).toContain(
        '429',
      );
    }
    const readsOfTheirOwn = api
      .filter((route) => route.method === 'get' && Reflect.getMetadata(RATE_LIMIT, route.handler) !== READS)
      .map((route) => `${route.method} ${route.path}`);
    expect(readsOfTheirOwn.sort()).toEqual(READS_WITH_THEIR_OWN_RULE);
  });
});
