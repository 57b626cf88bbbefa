import { Injectable } from '@nestjs/common';
import type { CreatedReport } from '@daybreak/contracts';
import { UnitOfWork } from '@daybreak/messaging';
import { User } from '../users/user.entity';
import { UserNotFoundError } from '../users/users.errors';
import type { CreateReportInput } from './dto/report.dto';
import { CannotReportYourselfError } from './moderation.errors';
import { fileReport, keepReportedContent } from './reports.queries';

/**
 * Members' reports (issue 42). A member reports a post or comment as the gateway found it for them
 * (posts answered 404 for what they cannot see), or a member by id. One open report per member and
 * target: a repeat answers the same id.
 */
@Injectable()
export class ReportsService {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  file(reporterId: string, input: CreateReportInput): Promise<CreatedReport> {
    const subjectId = input.targetType === 'user' ? input.targetId : input.content!.authorId;
    if (subjectId === reporterId) throw new CannotReportYourselfError();
    return this.unitOfWork.run(async (tx) => {
      // The author too: a report names a member social knows (an author deleted meanwhile is a 404).
      if (!(await tx.manager.existsBy(User, { id: subjectId }))) throw new UserNotFoundError();
      if (input.targetType !== 'user') await keepReportedContent(tx.manager, input, input.content!);
      return { id: await fileReport(tx.manager, reporterId, subjectId, input) };
    });
  }
}
