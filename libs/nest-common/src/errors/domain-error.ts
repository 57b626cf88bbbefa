/**
 * Errors with a stable code, mapped to HTTP once by `DomainErrorFilter`. Callers branch on `code`,
 * never on the message, which is written for people and may change.
 */
export abstract class DomainError extends Error {
  abstract readonly status: number;
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadInputError extends DomainError {
  readonly status = 400;
}
export class UnauthorizedError extends DomainError {
  readonly status = 401;
  constructor(message = 'Unauthorized', code = 'AUTH.UNAUTHORIZED') {
    super(code, message);
  }
}
export class ForbiddenError extends DomainError {
  readonly status = 403;
}
export class NotFoundError extends DomainError {
  readonly status = 404;
}
export class PayloadTooLargeError extends DomainError {
  readonly status = 413;
}
export class UnsupportedMediaError extends DomainError {
  readonly status = 415;
}
export class TooManyRequestsError extends DomainError {
  readonly status = 429;
}
