import { ForbiddenError, NotFoundError } from '@daybreak/nest-common';

export class UserNotFoundError extends NotFoundError {
  constructor() {
    super('USER.NOT_FOUND', 'User not found');
  }
}

export class NotYourAccountError extends ForbiddenError {
  constructor() {
    super('USER.NOT_OWNER', 'You can only read your own account');
  }
}
