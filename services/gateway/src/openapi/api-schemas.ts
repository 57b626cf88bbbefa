/**
 * The API's answers and request bodies as zod schemas, for the OpenAPI description (`/api/docs.json`),
 * gathered into one namespace for the controllers (`import * as s`). Each area's schemas are in their
 * own file, and each answer is checked against its type in libs/contracts (`satisfies z.ZodType<T>`),
 * so a field added to a contract and not there fails the typecheck instead of leaving the description
 * behind.
 */
export { pageQuery } from './common-schemas';
export * from './invite-schemas';
export * from './media-schemas';
export * from './member-schemas';
export * from './notification-schemas';
export * from './post-schemas';
export * from './request-schemas';
export * from './streak-schemas';
