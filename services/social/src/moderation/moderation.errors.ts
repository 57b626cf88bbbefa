import { BadInputError, DomainError, NotFoundError } from '@daybreak/nest-common';

/** What a member who is not a moderator gets from every moderation route: it does not exist. */
export class NotFoundForMembersError extends NotFoundError {
  constructor() {
    super('NOT_FOUND', 'Not found');
  }
}

export class CannotReportYourselfError extends BadInputError {
  constructor() {
    super('REPORT.SELF', 'You cannot report yourself or what you wrote.');
  }
}

export class ReportNotFoundError extends NotFoundError {
  constructor() {
    super('REPORT.NOT_FOUND', 'Report not found');
  }
}

/** Another moderator decided first: 409, and the page reloads its queue. */
export class ReportAlreadyResolvedError extends DomainError {
  readonly status = 409;
  constructor() {
    super('REPORT.RESOLVED', 'This report was already resolved.');
  }
}

export class CannotHideMemberError extends BadInputError {
  constructor() {
    super('REPORT.HIDE_MEMBER', 'A member cannot be hidden: suspend them instead.');
  }
}
