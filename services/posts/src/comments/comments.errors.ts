import { ForbiddenError, NotFoundError } from '@daybreak/nest-common';

export class CommentNotFoundError extends NotFoundError {
  constructor() {
    super('COMMENT.NOT_FOUND', 'Comment not found');
  }
}

export class NotYourCommentError extends ForbiddenError {
  constructor() {
    super('COMMENT.NOT_OWNER', 'You can only delete your own comments, or comments on your posts.');
  }
}
