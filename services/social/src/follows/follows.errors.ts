import { BadInputError } from '@daybreak/nest-common';

export class CannotFollowYourselfError extends BadInputError {
  constructor() {
    super('FOLLOW.SELF', 'You cannot follow yourself.');
  }
}
