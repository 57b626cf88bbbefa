import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What a log line or an outgoing event needs to know about the request that caused it. */
export interface RequestContext {
  correlationId: string;
  userId?: string | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const CORRELATION_HEADER = 'x-correlation-id';

export function runWithContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

/** The current correlation id, or a fresh one for work that did not start from a request. */
export function correlationId(): string {
  return storage.getStore()?.correlationId ?? randomUUID();
}
