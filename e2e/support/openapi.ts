import http from 'node:http';
import { z } from 'zod';

/** The parts of the gateway's OpenAPI 3.1 description (`/api/docs.json`) the system tests read. */
export interface Operation {
  method: string;
  /** The template, e.g. `/api/posts/{id}`. */
  path: string;
  parameters: { name: string; in: 'path' | 'query'; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  maxLength?: number;
  format?: string;
};

export async function loadOperations(baseUrl: string): Promise<Operation[]> {
  const response = await fetch(`${baseUrl}/api/docs.json`);
  if (!response.ok) throw new Error(`/api/docs.json answered ${response.status}`);
  const document = (await response.json()) as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      ...operation,
      parameters: operation.parameters ?? [],
      method: method.toUpperCase(),
      path,
    })),
  );
}

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/** A caller's identity on the wire: its session cookie (none for a guest) and its address. */
export interface Wire {
  cookie: string;
  /** Sent as X-Forwarded-For, which the gateway trusts from loopback: each caller its own buckets. */
  address: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/**
 * One request with the path byte for byte (fetch would resolve `..` and `%2e%2e` on the client).
 * An event stream is cut off once its head arrived: it would never end.
 */
export function send(
  baseUrl: string,
  wire: Wire,
  request: { method: string; path: string; body?: Buffer; contentType?: string },
): Promise<Answer> {
  const headers: Record<string, string> = {
    origin: baseUrl,
    'x-forwarded-for': wire.address,
    'content-length': String(request.body?.length ?? 0),
  };
  if (wire.cookie) headers.cookie = wire.cookie;
  if (request.contentType) headers['content-type'] = request.contentType;
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      new URL(baseUrl),
      { method: request.method, path: request.path, headers, agent, timeout: 30_000 },
      (response) => {
        const contentType = String(response.headers['content-type'] ?? '');
        const status = response.statusCode ?? 0;
        if (contentType.startsWith('text/event-stream')) {
          response.destroy();
          return resolve({ status, contentType, body: '' });
        }
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status, contentType, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    // A request that gets no answer is a finding like a 5xx (status 0), not the end of the run.
    let timedOut = false;
    outgoing.on('timeout', () => {
      timedOut = true;
      outgoing.destroy();
      resolve({ status: 0, contentType: '', body: 'no answer within 30 s' });
    });
    outgoing.on('error', (error) => (timedOut ? undefined : reject(error)));
    outgoing.end(request.body);
  });
}

const validators = new WeakMap<object, z.ZodType>();

/**
 * Whether an answer is one the description documents for this operation: a listed status, and a
 * JSON body that matches that status's schema (none where it documents none). Returns what is wrong.
 */
export function mismatch(operation: Operation, answer: Answer): string | null {
  const documented = operation.responses[String(answer.status)];
  if (!documented) return `undocumented status ${answer.status}: ${answer.body.slice(0, 200)}`;
  const content = documented.content ?? {};
  const schema = content['application/json']?.schema;
  if (!schema) {
    const types = Object.keys(content);
    if (types.length === 0 && answer.status !== 302 && answer.body !== '')
      return `${answer.status} documents no body, got ${answer.contentType}: ${answer.body.slice(0, 200)}`;
    return null;
  }
  if (!answer.contentType.startsWith('application/json'))
    return `${answer.status} should be JSON, got ${answer.contentType || 'nothing'}: ${answer.body.slice(0, 200)}`;
  let validator = validators.get(schema);
  if (!validator) {
    validator = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
    validators.set(schema, validator);
  }
  const result = validator.safeParse(JSON.parse(answer.body));
  return result.success
    ? null
    : `${answer.status} body does not match: ${z.prettifyError(result.error).slice(0, 300)} in ${answer.body.slice(0, 200)}`;
}

/** Fills a template's `{name}` parameters (values are put in as given: encoding is the caller's). */
export const fillPath = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? 'missing');
