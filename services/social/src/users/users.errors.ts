import { NotFoundError } from '@daybreak/nest-common';

export class UserNotFoundError extends NotFoundError {
  constructor() {
    super('USER.NOT_FOUND', 'User not found');
  }
}
