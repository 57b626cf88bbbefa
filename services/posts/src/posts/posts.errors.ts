import { ForbiddenError, NotFoundError } from '@daybreak/nest-common';

export class PostNotFoundError extends NotFoundError {
  constructor() {
    super('POST.NOT_FOUND', 'Post not found');
  }
}

export class NotYourPostError extends ForbiddenError {
  constructor() {
    super('POST.NOT_OWNER', 'You can only delete your own posts.');
  }
}
