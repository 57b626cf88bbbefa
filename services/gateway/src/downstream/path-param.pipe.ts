import { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import { UUID_PATTERN } from '@daybreak/contracts';
import { BadInputError } from '@daybreak/nest-common';
import { BadPathSegmentError, isSafePathSegment } from './downstream-path';

/**
 * `@Param('id', UuidParam)`: a path parameter checked at the controller edge, so a bad one is a
 * 400 before any downstream call. First the rule every downstream path segment obeys (no dot
 * segments, slashes, backslashes or control characters), then the route's own pattern.
 */
export class PathParamPipe implements PipeTransform<unknown, string> {
  /** `expected` says what the value must be, e.g. "a UUID", for the message. */
  constructor(private readonly rule?: { pattern: RegExp; expected: string }) {}

  transform(value: unknown, metadata: ArgumentMetadata): string {
    const name = metadata.data ?? 'The path parameter';
    if (!isSafePathSegment(value)) throw new BadPathSegmentError(name);
    if (this.rule && !this.rule.pattern.test(value))
      throw new BadInputError('REQUEST.INVALID', `${name} must be ${this.rule.expected}.`);
    return value;
  }
}

/** Post, comment and member ids. */
export const UuidParam = new PathParamPipe({ pattern: UUID_PATTERN, expected: 'a UUID' });

/** Upload tokens, as the media service issues them (base64url). */
export const UploadTokenParam = new PathParamPipe({
  pattern: /^[A-Za-z0-9_-]+$/,
  expected: 'an upload token',
});

/** Invite codes, as the social service makes them: 16 base64url characters. */
export const InviteCodeParam = new PathParamPipe({
  pattern: /^[A-Za-z0-9_-]{16}$/,
  expected: 'an invite code',
});

/**
 * Image ids (`/objects/:id`, `/uploads/:id`): any safe segment, as before; the media service answers
 * 404 for one it does not know.
 */
export const ImageIdParam = new PathParamPipe();
