import { BLOCKED_COMMENT_MESSAGE, BLOCKED_LIKE_MESSAGE } from '@daybreak/contracts';
import { ForbiddenError } from '@daybreak/nest-common';

/** A block stands between the member and the post's author, either way (issue 42). */
export class BlockedLikeError extends ForbiddenError {
  constructor() {
    super('LIKE.BLOCKED', BLOCKED_LIKE_MESSAGE);
  }
}

/** As above, for a comment. */
export class BlockedCommentError extends ForbiddenError {
  constructor() {
    super('COMMENT.BLOCKED', BLOCKED_COMMENT_MESSAGE);
  }
}
