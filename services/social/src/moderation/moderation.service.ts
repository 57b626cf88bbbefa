import { Injectable } from '@nestjs/common';
import type { ModerationAction, ResolvedReports, UnsuspendResult } from '@daybreak/contracts';
import { Transaction, UnitOfWork } from '@daybreak/messaging';
import { User } from '../users/user.entity';
import { UserNotFoundError } from '../users/users.errors';
import type { ResolveReportInput } from './dto/report.dto';
import { CannotHideMemberError, ReportAlreadyResolvedError, ReportNotFoundError } from './moderation.errors';
import { Target, closeReports, lockOpenReports, logAction, suspend, unsuspend } from './reports.queries';

/**
 * A moderator's decisions (issue 42). Each one closes every open report on its target, is written in
 * the audit log, tells each reporter (`report.resolved`) and the services that hold the content
 * (`post.hidden`, `comment.hidden`, `user.suspended`), all in one transaction through the outbox.
 */
@Injectable()
export class ModerationService {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  resolve(moderatorId: string, reportId: string, input: ResolveReportInput): Promise<ResolvedReports> {
    return this.unitOfWork.run(async (tx) => {
      const report = await lockOpenReports(tx.manager, reportId);
      if (!report) throw new ReportNotFoundError();
      if (report.resolved) throw new ReportAlreadyResolvedError();
      const { target, subjectId } = report;
      if (input.action === 'hide' && target.targetType === 'user') throw new CannotHideMemberError();
      if (input.action === 'suspend') await this.suspendIn(tx, subjectId, moderatorId);
      if (input.action === 'hide') hide(tx, target, subjectId, moderatorId);
      const note = input.note ?? null;
      await logAction(tx.manager, { ...target, moderatorId, action: input.action, subjectId, note });
      const closed = await closeReports(tx.manager, target, input.action);
      for (const { id, reporter_id } of closed)
        tx.publish(
          'report.resolved',
          { reportId: id, reporterId: reporter_id, ...target, action: input.action as ModerationAction },
          { actorId: moderatorId },
        );
      // Sessions are ended for a repeat too: nothing is lost if they already were.
      return { resolved: closed.length, suspendedUserId: input.action === 'suspend' ? subjectId : null };
    });
  }

  /** Ends `memberId`'s suspension (their hidden content shows again); a repeat changes nothing. */
  unsuspend(moderatorId: string, memberId: string, note: string | null): Promise<UnsuspendResult> {
    return this.unitOfWork.run(async (tx) => {
      if (!(await tx.manager.existsBy(User, { id: memberId }))) throw new UserNotFoundError();
      if (await unsuspend(tx.manager, memberId)) {
        await logAction(tx.manager, {
          targetType: 'user',
          targetId: memberId,
          moderatorId,
          action: 'unsuspend',
          subjectId: memberId,
          note,
        });
        tx.publish('user.unsuspended', { userId: memberId, moderatorId }, { actorId: moderatorId });
      }
      return { isSuspended: false };
    });
  }

  /** Suspends the member; publishes nothing when they already were. */
  private async suspendIn(tx: Transaction, memberId: string, moderatorId: string): Promise<void> {
    if (await suspend(tx.manager, memberId, moderatorId))
      tx.publish('user.suspended', { userId: memberId, moderatorId }, { actorId: moderatorId });
  }
}

function hide(tx: Transaction, target: Target, authorId: string, moderatorId: string): void {
  if (target.targetType === 'post')
    tx.publish('post.hidden', { postId: target.targetId, authorId, moderatorId }, { actorId: moderatorId });
  else
    tx.publish(
      'comment.hidden',
      { commentId: target.targetId, authorId, moderatorId },
      { actorId: moderatorId },
    );
}
