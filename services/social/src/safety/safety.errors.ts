import { BLOCKED_FOLLOW_MESSAGE, BLOCKED_INVITE_MESSAGE } from '@daybreak/contracts';
import { BadInputError, ForbiddenError } from '@daybreak/nest-common';

export class CannotBlockYourselfError extends BadInputError {
  constructor() {
    super('BLOCK.SELF', 'You cannot block yourself.');
  }
}

export class CannotMuteYourselfError extends BadInputError {
  constructor() {
    super('MUTE.SELF', 'You cannot mute yourself.');
  }
}

/** Either member blocks the other: no follow between them (issue 42). */
export class BlockedFollowError extends ForbiddenError {
  constructor() {
    super('FOLLOW.BLOCKED', BLOCKED_FOLLOW_MESSAGE);
  }
}

/** Either member blocks the other: the invite's follows cannot happen. */
export class BlockedInviteError extends ForbiddenError {
  constructor() {
    super('INVITE.BLOCKED', BLOCKED_INVITE_MESSAGE);
  }
}
