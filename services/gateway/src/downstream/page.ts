import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** A list's page as the browser asked for it; the service that answers checks it (its 400s). */
export interface Page {
  limit?: string;
  offset?: string;
}

/**
 * `@PageParams() page: Page`: a list route's `?limit&offset`, passed on as given. The route documents
 * them with ApiDoc's `query: pageQuery(max)`.
 */
export const PageParams = createParamDecorator((_data: unknown, context: ExecutionContext): Page => {
  const { limit, offset } = (context.switchToHttp().getRequest<FastifyRequest>().query ?? {}) as Page;
  return { limit, offset };
});
