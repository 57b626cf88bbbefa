import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiQuery, ApiResponse } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { z } from 'zod';
import { errorBody } from './common-schemas';

/** A zod schema as the JSON Schema (2020-12, which OpenAPI 3.1 uses) of the description. */
export function jsonSchemaOf(schema: z.ZodType): SchemaObject {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
  return json as SchemaObject;
}

/**
 * Error statuses a route may answer, each with the `{statusCode, code, message}` body: 400 bad input
 * or path, 401 members only, 403 another member's thing (or another site's Origin), 404 unknown id,
 * 409 decided already (a report), 410 a single-use address already used or expired, 413 too large,
 * 415 not an image. 429 is added by `@RateLimit`, 403 for Origin by the document.
 */
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415;

export interface ApiDocOptions {
  summary: string;
  /** The success body; `null` for none. */
  ok: z.ZodType | null;
  /** The success status: 200 unless given. */
  status?: number;
  /** A success answer that is not JSON (an image, a redirect, an event stream). */
  produces?: string;
  body?: z.ZodType;
  /** The query parameters with their bounds (e.g. a page's `limit` and `offset`), all optional. */
  query?: z.ZodObject;
  multipart?: boolean;
  errors: ErrorStatus[];
}

/** Describes a route for `/api/docs.json`: what it answers on success, and which errors it may give. */
export function ApiDoc(options: ApiDocOptions): MethodDecorator {
  const status = options.status ?? 200;
  const decorators = [
    ApiOperation({ summary: options.summary }),
    options.ok
      ? ApiResponse({ status, description: 'Success', schema: jsonSchemaOf(options.ok) })
      : options.produces
        ? ApiResponse({ status, description: 'Success', content: { [options.produces]: {} } })
        : ApiResponse({ status, description: 'Success' }),
    ...options.errors.map((error) => ApiError(error)),
  ];
  for (const [name, schema] of Object.entries(options.query?.shape ?? {}))
    decorators.push(
      ApiQuery({ name, required: false, description: schema.description, schema: jsonSchemaOf(schema) }),
    );
  if (options.body) {
    if (options.multipart) decorators.push(ApiConsumes('multipart/form-data'));
    decorators.push(ApiBody({ schema: jsonSchemaOf(options.body), required: false }));
  }
  return applyDecorators(...decorators);
}

/** One documented error status with the shared error body. */
export const ApiError = (status: number) =>
  ApiResponse({ status, description: 'Error', schema: jsonSchemaOf(errorBody) });
