import { MEDIA_ERROR } from '@daybreak/contracts';
import { DomainError, ForbiddenError, NotFoundError } from '@daybreak/nest-common';

export class UploadIntentNotFoundError extends NotFoundError {
  constructor() {
    super(MEDIA_ERROR.INTENT_NOT_FOUND, 'This upload link does not exist.');
  }
}

export class UploadIntentForbiddenError extends ForbiddenError {
  constructor() {
    super(MEDIA_ERROR.INTENT_FORBIDDEN, 'This upload link belongs to someone else.');
  }
}

/** 410: the link existed, and will never work again; the client must ask for a new one. */
abstract class UploadIntentGoneError extends DomainError {
  readonly status = 410;
}

export class UploadIntentExpiredError extends UploadIntentGoneError {
  constructor() {
    super(MEDIA_ERROR.INTENT_EXPIRED, 'This upload link has expired. Please try the upload again.');
  }
}

export class UploadIntentUsedError extends UploadIntentGoneError {
  constructor() {
    super(MEDIA_ERROR.INTENT_USED, 'This upload link was already used. Please try the upload again.');
  }
}
