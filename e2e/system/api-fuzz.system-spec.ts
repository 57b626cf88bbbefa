import fc from 'fast-check';
import { member, postForm } from '../support/member-api';
import {
  Answer,
  JsonSchema,
  Operation,
  Wire,
  fillPath,
  loadOperations,
  mismatch,
  send,
} from '../support/openapi';
import { stackEnv } from '../support/stack-env';

/** The routes that end the caller's session (deleting the account ends the member too). */
const SIGNS_OUT = new Set(['/api/logout', '/api/sessions/revoke-all', '/api/account']);

/** Requests per operation and caller: about 45 operations × 3 callers × 40 ≥ 5,000. */
const PER_OPERATION_AND_CALLER = 40;
const SEED = 20261123;

/** Path values no route expects: dot segments, encoded slashes and NUL, huge and odd ids. */
const TRICKY_SEGMENTS = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2e%2f..',
  '%2f',
  '%5c',
  '%00',
  '..%2f..%2fhealth',
  '%252e%252e',
  '%20',
  '%ZZ',
  '%',
  '0',
  '-1',
  '99999999999999999999999999999999',
  'null',
  '{id}',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  'a'.repeat(4000),
  '%F0%9F%98%80',
  '%C0%AE%C0%AE',
  '%E2%80%AE',
];

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  '😀'.repeat(600),
  'x'.repeat(70_000),
  '<script>',
  '%00',
  'Europe/Paris',
];

/** Values shaped like `schema` most of the time, of any JSON shape some of the time. */
function valueFor(schema: JsonSchema | undefined, strings: string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: shapedLike(schema, strings) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
}

function shapedLike(schema: JsonSchema | undefined, strings: string[]): fc.Arbitrary<unknown> {
  if (!schema) return fc.jsonValue({ maxDepth: 2 });
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => shapedLike(option, strings)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof(
        fc.string(),
        fc.string({ unit: 'binary', maxLength: 300 }),
        fc.constantFrom(...ODD_STRINGS, ...strings),
      );
    case 'integer':
    case 'number':
      return fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-1, 0, 1e308, Number.MAX_SAFE_INTEGER + 2));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueFor(schema.items, strings), { maxLength: 3 });
    case 'object': {
      const fields = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, field]) => [name, valueFor(field, strings)]),
      );
      // Any field may be missing (requiredKeys: none), and unknown ones may come along.
      return fc
        .tuple(
          fc.record(fields, { requiredKeys: [] }),
          fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
        )
        .map(([known, extra]) => ({ ...extra, ...known }));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

interface Generated {
  method: string;
  path: string;
  encoding: 'none' | 'json' | 'broken-json' | 'multipart' | 'form' | 'bytes' | 'huge';
  body?: unknown;
}

function requestsFor(operation: Operation, ids: string[], strings: string[], seed: number): Generated[] {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const segment = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ids) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: fc.constantFrom(...TRICKY_SEGMENTS) },
    {
      weight: 1,
      arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).map(encodeURIComponent),
    },
  );
  const queryValue = fc.oneof(
    fc.integer().map(String),
    fc.constantFrom('-1', '0', '1e9', 'NaN', '99999999999999999999', '', 'Europe/Paris', 'x'.repeat(5000)),
    fc.string({ unit: 'binary', maxLength: 60 }),
  );
  const schema =
    operation.requestBody?.content['application/json']?.schema ??
    operation.requestBody?.content['multipart/form-data']?.schema;
  const isMultipart = Boolean(operation.requestBody?.content['multipart/form-data']);
  const isUpload = schema?.format === 'binary';
  const request = fc.record({
    path: fc.record(Object.fromEntries(pathParameters.map((parameter) => [parameter.name, segment]))),
    query: fc.array(
      fc.tuple(fc.constantFrom(...queryParameters.map((p) => p.name), 'unknown', 'limit'), queryValue),
      { maxLength: 3 },
    ),
    body: valueFor(schema, strings),
    encoding: operation.requestBody
      ? fc.constantFrom<Generated['encoding']>(
          ...(isUpload ? (['bytes', 'bytes', 'none'] as const) : []),
          ...(isMultipart ? (['multipart', 'multipart', 'multipart'] as const) : []),
          'json',
          'json',
          'json',
          'broken-json',
          'form',
          'none',
          'huge',
        )
      : fc.constantFrom<Generated['encoding']>('none', 'none', 'none', 'json'),
  });
  return fc.sample(request, { numRuns: PER_OPERATION_AND_CALLER, seed }).map((generated) => {
    const query = new URLSearchParams(
      generated.query.map(([name, value]) => [name, value] as [string, string]),
    ).toString();
    return {
      method: operation.method,
      path: fillPath(operation.path, generated.path as Record<string, string>) + (query ? `?${query}` : ''),
      encoding: generated.encoding,
      body: generated.body,
    };
  });
}

async function encode(generated: Generated): Promise<{ body?: Buffer; contentType?: string }> {
  const { body } = generated;
  switch (generated.encoding) {
    case 'none':
      return {};
    case 'json':
      return { body: Buffer.from(JSON.stringify(body ?? null)), contentType: 'application/json' };
    case 'broken-json':
      return {
        body: Buffer.from(`{"content": ${JSON.stringify(body ?? null)}`),
        contentType: 'application/json',
      };
    case 'huge':
      return {
        body: Buffer.from(JSON.stringify({ content: 'x'.repeat(2_000_000) })),
        contentType: 'application/json',
      };
    case 'form':
      return {
        body: Buffer.from(new URLSearchParams(flatFields(body)).toString()),
        contentType: 'application/x-www-form-urlencoded',
      };
    case 'bytes':
      return {
        body: Buffer.from(JSON.stringify(body ?? 'bytes')),
        contentType: typeof body === 'string' && body.length % 2 ? 'image/png' : 'image/jpeg',
      };
    case 'multipart': {
      const form = postForm(flatFields(body));
      if (typeof body === 'object' && body && 'image' in body)
        form.append('image', new Blob([JSON.stringify(body)], { type: 'image/png' }), 'photo.png');
      const response = new Response(form);
      return {
        body: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get('content-type') ?? undefined,
      };
    }
  }
}

/** A body's top-level fields as text, as a form would send them. */
function flatFields(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { value: String(body) };
  return Object.fromEntries(
    Object.entries(body).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : JSON.stringify(value ?? null),
    ]),
  );
}

/** Runs `tasks` with at most `width` at a time. */
async function inParallel<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]();
      }
    }),
  );
  return results;
}

/**
 * Issue #12: requests generated from the gateway's own OpenAPI description (odd types, huge and
 * unicode strings, missing and extra fields, path tricks), as a guest and as two members. Every answer
 * must be one the description documents (status and body), and none a 5xx. Each caller comes from
 * its own IPv6 /64 (X-Forwarded-For, which the gateway trusts from loopback), so its rate limits
 * (429, documented) are its own and no other test's.
 */
describe('the API under generated requests', () => {
  const { baseUrl } = stackEnv();

  it('answers 5,000+ requests as its description says, never with a 5xx', async () => {
    const operations = await loadOperations(baseUrl);
    const [ana, ben] = await Promise.all([member(baseUrl, 'Fuzzana'), member(baseUrl, 'Fuzzben')]);
    const timezone = 'Europe/Paris';
    const post = await ana.post({ content: 'Fuzz me', timezone });
    const comment = await ben.comment(post.body.post.id, 'Hi');
    const invite = await ana.invite();
    const upload = await ben.uploadIntent();
    const ids = [
      post.body.post.id,
      comment.body.id,
      ana.id,
      ben.id,
      invite.body.inviteCode,
      new URL(upload.body.uploadURL, baseUrl).pathname.split('/').at(-1)!,
    ];
    const strings = [timezone, `/objects/${ids[0]}`, invite.body.inviteCode];
    const callers: { name: string; wire: Wire; signedIn: boolean }[] = [
      { name: 'guest', wire: { cookie: '', address: '2001:db8:f022:1::1' }, signedIn: false },
      { name: 'ana', wire: { cookie: ana.cookie, address: '2001:db8:f022:2::1' }, signedIn: true },
      { name: 'ben', wire: { cookie: ben.cookie, address: '2001:db8:f022:3::1' }, signedIn: true },
    ];

    const tasks: (() => Promise<{
      operation: Operation;
      request: Generated;
      answer: Answer;
      caller: string;
    }>)[] = [];
    operations.forEach((operation, index) => {
      for (const [callerIndex, caller] of callers.entries()) {
        // Signing out (here or everywhere) would turn a member into a guest for the rest of the run;
        // the guest tries it.
        if (caller.signedIn && SIGNS_OUT.has(operation.path)) continue;
        for (const request of requestsFor(operation, ids, strings, SEED + index * 10 + callerIndex))
          tasks.push(async () => {
            const answer = await send(baseUrl, caller.wire, {
              method: request.method,
              path: request.path,
              ...(await encode(request)),
            });
            return { operation, request, answer, caller: caller.name };
          });
      }
    });
    // Interleaved, so the operations of one member run side by side as they would in use.
    const shuffled = fc.sample(fc.shuffledSubarray(tasks, { minLength: tasks.length }), {
      numRuns: 1,
      seed: SEED,
    })[0];
    const results = await inParallel(shuffled, 8);

    const byStatus = new Map<number, number>();
    const problems: string[] = [];
    for (const { operation, request, answer, caller } of results) {
      byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
      const wrong = mismatch(operation, answer);
      if (answer.status >= 500 || wrong)
        problems.push(
          `${caller} ${request.method} ${request.path.slice(0, 120)} [${request.encoding}]: ${wrong}`,
        );
    }
    const serverErrors = results.filter(({ answer }) => answer.status >= 500).length;
    console.log(
      [
        `API fuzz: ${results.length} requests sent over ${operations.length} operations, 3 callers`,
        `by status: ${[...byStatus]
          .sort(([a], [b]) => a - b)
          .map(([status, count]) => `${status}×${count}`)
          .join(' ')}`,
        `5xx seen: ${serverErrors}; answers not as documented: ${problems.length}`,
        ...problems.slice(0, 40),
      ].join('\n'),
    );
    expect(results.length).toBeGreaterThanOrEqual(5000);
    expect(problems).toEqual([]);
  });
});
