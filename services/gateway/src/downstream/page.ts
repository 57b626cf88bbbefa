import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** A list's page as the browser asked for it; the service that answers checks it (its 400s). */
export interface Page {
  limit?: string;
  offset?: string;
}

/** The page a request's query asks for: its `limit` and `offset` as given, nothing else of it. */
export function pageOf(query: unknown): Page {
  const { limit, offset } = (query ?? {}) as Page;
  return { limit, offset };
}

/**
 * `@PageParams() page: Page`: a list route's `?limit&offset`, passed on as given. The route documents
 * them with ApiDoc's `query: pageQuery(max)`.
 */
export const PageParams = createParamDecorator((_data: unknown, context: ExecutionContext): Page =>
  pageOf(context.switchToHttp().getRequest<FastifyRequest>().query),
);
