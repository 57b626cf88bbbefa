import { BadInputError, NotFoundError } from '@daybreak/nest-common';

export class InviteNotFoundError extends NotFoundError {
  constructor() {
    super('INVITE.NOT_FOUND', 'Invalid or expired invite link');
  }
}

export class OwnInviteError extends BadInputError {
  constructor() {
    super('INVITE.OWN', 'You cannot accept your own invite.');
  }
}
