import { BadInputError } from '@daybreak/nest-common';

/**
 * What a client value may be inside a downstream path: unreserved URL characters only (RFC 3986),
 * so nothing needs encoding and nothing can be decoded into a `/`, `\`, `%` or control character.
 */
const SAFE_SEGMENT = /^[A-Za-z0-9._~-]+$/;
/** `.` and `..` (and longer runs of dots, which nothing legitimately uses): a URL resolves the first two. */
const DOTS_ONLY = /^\.+$/;

export const isSafePathSegment = (value: unknown): value is string =>
  typeof value === 'string' && SAFE_SEGMENT.test(value) && !DOTS_ONLY.test(value);

/** A 400 naming the parameter when the caller knows it (the controller edge), for the UI to show. */
export class BadPathSegmentError extends BadInputError {
  constructor(name = 'A path parameter') {
    super(
      'REQUEST.INVALID_PATH',
      `${name} cannot be "." or "..", nor contain "/", "\\", "%" or control characters.`,
    );
  }
}

/**
 * The one way to build a path on an internal service from client values:
 * downstreamPath`/posts/${postId}/comments/${commentId}`. Each value must be one safe path
 * segment; anything else (a dot segment that `new URL()` would resolve to another resource, a
 * slash, a backslash, a control character, a percent sign) throws a 400 before any call is made.
 */
export function downstreamPath(parts: TemplateStringsArray, ...values: string[]): DownstreamPath {
  return parts.reduce((path, part, index) => {
    const value = values[index - 1];
    if (!isSafePathSegment(value)) throw new BadPathSegmentError();
    return `${path}${value}${part}`;
  }) as DownstreamPath;
}

/** A path made by `downstreamPath`: `ServiceClient` takes no other, so the compiler finds a bypass. */
export type DownstreamPath = string & { readonly __brand: 'DownstreamPath' };
