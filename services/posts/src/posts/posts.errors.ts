import { NotFoundError } from '@daybreak/nest-common';

export class PostNotFoundError extends NotFoundError {
  constructor() {
    super('POST.NOT_FOUND', 'Post not found');
  }
}
