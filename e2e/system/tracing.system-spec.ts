import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { IDENTITY_HEADER, identityAudience, signIdentityToken } from '@daybreak/nest-common';
import type { SpanRecord } from '@daybreak/observability';
import { waitFor } from '@daybreak/testing';
import { member } from '../support/member-api';
import { stackEnv, zoneWhereItIsFiveAmNow } from '../support/stack-env';

const SERVER = 1;
const CLIENT = 2;
const PRODUCER = 3;
const CONSUMER = 4;

function readSpans(file: string): SpanRecord[] {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as SpanRecord);
  } catch {
    return [];
  }
}

/** Whether `ancestor` is above `span` in the tree of `spans` (one trace's). */
function isAncestor(spans: SpanRecord[], ancestor: SpanRecord, span: SpanRecord): boolean {
  const byId = new Map(spans.map((each) => [each.spanId, each]));
  const parentOf = (child: SpanRecord) => (child.parentSpanId ? byId.get(child.parentSpanId) : undefined);
  for (let up = parentOf(span); up; up = parentOf(up)) if (up.spanId === ancestor.spanId) return true;
  return false;
}

/** The path an HTTP server span answered (old and new semantic conventions). */
const pathOf = (span: SpanRecord) =>
  String(span.attributes['http.target'] ?? span.attributes['url.path'] ?? '');

/**
 * One like is one trace across processes (the e2e stack traces into a file): the gateway's request,
 * its call to posts, the posts request that writes the outbox row, the relay's publish to Kafka, and
 * the notifications worker's handling, in parent/child order; and the unread count's Redis write
 * after it commits, in the same trace or, when the event was applied with others in one transaction,
 * in the batch's trace, linked to the event's publish span.
 */
describe('tracing: a like is one trace from the gateway to the notifications worker', () => {
  const env = stackEnv();

  /** Two new members, and a post of Ana's for Ben to like. */
  async function postOfAnaForBen() {
    const [ana, ben] = await Promise.all([member(env.baseUrl, 'Ana'), member(env.baseUrl, 'Ben')]);
    const created = await ana.post({ content: 'Up at five', timezone: zoneWhereItIsFiveAmNow() });
    return { ana, ben, postId: created.body.post.id as string };
  }

  it('links gateway → posts → outbox relay → Kafka → notifications worker → Redis', async () => {
    const { ben, postId } = await postOfAnaForBen();
    expect((await ben.like(postId)).status).toBe(200);

    const { trace, handle, redis, batch } = await waitFor(
      () => {
        const spans = readSpans(env.tracesFile);
        const postsServer = spans.find(
          (span) =>
            span.service === 'posts' &&
            span.kind === SERVER &&
            pathOf(span).endsWith(`/posts/${postId}/like`),
        );
        if (!postsServer) return undefined;
        const inTrace = spans.filter((span) => span.traceId === postsServer.traceId);
        // The worker's handling; a second one only if applying it with other events failed first.
        const handle = inTrace.findLast((span) => span.service === 'notifications' && span.kind === CONSUMER);
        if (!handle) return undefined;
        // Applied with other events in one transaction, the commit and its after-commit Redis write
        // are the batch's: a trace of its own, linked to each event's publish span.
        const batch = spans.find(
          (span) =>
            span.service === 'notifications' &&
            span.links.some((link) => link.spanId === handle.parentSpanId),
        );
        const committedUnder = batch ?? handle;
        const tree = batch ? spans.filter((span) => span.traceId === batch.traceId) : inTrace;
        const redis = tree.filter(
          (span) =>
            span.service === 'notifications' &&
            span.attributes['db.system.name'] === 'redis' &&
            isAncestor(tree, committedUnder, span),
        );
        return redis.length > 0 ? { trace: inTrace, handle, redis, batch } : undefined;
      },
      {
        timeoutMs: 30_000,
        intervalMs: 250,
        description: "the like's trace to reach the notifications worker and its Redis write",
      },
    );

    const one = (description: string, predicate: (span: SpanRecord) => boolean) => {
      const found = trace.filter(predicate);
      expect({ description, count: found.length }).toEqual({ description, count: 1 });
      return found[0];
    };

    const gatewayServer = one('gateway request', (s) => s.service === 'gateway' && s.kind === SERVER);
    const gatewayCall = one(
      'gateway → posts call',
      (s) =>
        s.service === 'gateway' && s.kind === CLIENT && String(s.attributes['url.full']).includes('/like'),
    );
    const postsServer = one('posts request', (s) => s.service === 'posts' && s.kind === SERVER);
    const publish = one('relay publish', (s) => s.service === 'posts' && s.kind === PRODUCER);

    // The gateway's request is the root; each hop is the child of the one before.
    expect(gatewayServer.parentSpanId).toBeUndefined();
    expect(isAncestor(trace, gatewayServer, gatewayCall)).toBe(true);
    expect(postsServer.parentSpanId).toBe(gatewayCall.spanId);
    expect(isAncestor(trace, postsServer, publish)).toBe(true);
    expect(postsServer.name).toBe('POST /posts/:id/like');
    expect(publish.name).toMatch(/post\.liked\.v1 publish$/);
    expect(handle.parentSpanId).toBe(publish.spanId);
    expect(handle.name).toMatch(/post\.liked\.v1 process$/);
    // The unread count's Redis write: in the handling's trace, or its batch's (found above).
    expect(redis.length).toBeGreaterThan(0);
    if (batch) {
      expect(batch.name).toMatch(/process batch$/);
      expect(batch.parentSpanId).toBeUndefined();
    }
    // And in time: nothing starts before its parent.
    const byId = new Map(trace.map((span) => [span.spanId, span]));
    for (const span of trace) {
      const parent = span.parentSpanId ? byId.get(span.parentSpanId) : undefined;
      if (parent) expect(span.startTimeMs).toBeGreaterThanOrEqual(parent.startTimeMs - 1);
    }
  });

  it('drops a like whose trace is not sampled whole: no process records any part of it', async () => {
    const { ana, ben, postId } = await postOfAnaForBen();
    // The gateway decided "not sampled" (as for 9 requests in 10 in production), and calls posts
    // with that decision: as the gateway would, signed as the gateway, for Ben.
    const traceId = randomBytes(16).toString('hex');
    const traceparent = `00-${traceId}-${randomBytes(8).toString('hex')}-00`;
    const liked = await fetch(`${env.postsUrl}/posts/${postId}/like`, {
      method: 'POST',
      headers: {
        traceparent,
        [IDENTITY_HEADER]: signIdentityToken(
          { userId: ben.id },
          env.identityPrivateKey,
          identityAudience('posts'),
        ),
      },
    });
    expect(liked.status).toBe(200);

    // The like went all the way: the worker turned it into Ana's notification.
    await waitFor(
      async () => {
        const notifications = await ana.notifications();
        return notifications.body.some((n) => n.postId === postId) || undefined;
      },
      { timeoutMs: 30_000, intervalMs: 250, description: "the like's notification" },
    );

    const spans = readSpans(env.tracesFile);
    expect(spans.filter((span) => span.traceId === traceId)).toEqual([]);
    // Nor did posts decide afresh and trace the like as a trace of its own.
    expect(
      spans.filter((span) => span.service === 'posts' && pathOf(span).endsWith(`/posts/${postId}/like`)),
    ).toEqual([]);
  });

  it('starts its own trace and correlation id at the gateway, whatever a client sends', async () => {
    const { ben, postId } = await postOfAnaForBen();
    // A client asks for its request to be sampled, in a trace and under an id of its choosing.
    const clientTrace = randomBytes(16).toString('hex');
    const liked = await ben.call('POST', `/api/posts/${postId}/like`, undefined, {
      traceparent: `00-${clientTrace}-${randomBytes(8).toString('hex')}-01`,
      'x-correlation-id': 'chosen-by-the-client-0001',
    });
    expect(liked.status).toBe(200);
    expect(liked.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);

    // The like is traced (the e2e stack keeps every trace), from a root span of the gateway's own.
    const gatewayServer = await waitFor(
      () =>
        readSpans(env.tracesFile).find(
          (span) =>
            span.service === 'gateway' &&
            span.kind === SERVER &&
            pathOf(span).endsWith(`/posts/${postId}/like`),
        ),
      { timeoutMs: 10_000, intervalMs: 100, description: "the gateway's span of the like" },
    );
    expect(gatewayServer.parentSpanId).toBeUndefined();
    expect(gatewayServer.traceId).not.toBe(clientTrace);
    expect(readSpans(env.tracesFile).filter((span) => span.traceId === clientTrace)).toEqual([]);
  });
});
