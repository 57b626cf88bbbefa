import { Injectable } from '@nestjs/common';
import type { ModerationAction, ResolvedReports, UnhideResult, UnsuspendResult } from '@daybreak/contracts';
import { Transaction, UnitOfWork } from '@daybreak/messaging';
import { User } from '../users/user.entity';
import { UserNotFoundError } from '../users/users.errors';
import type { ResolveReportInput } from './dto/report.dto';
import { HideTarget, noteHidden, noteUnhidden } from './hidden-content.queries';
import { CannotHideMemberError, ReportAlreadyResolvedError, ReportNotFoundError } from './moderation.errors';
import { closeReports, lockOpenReports, logAction, suspend, unsuspend } from './reports.queries';

/**
 * A moderator's decisions (issue 42). Each one closes every open report on its target, is written in
 * the audit log, tells each reporter (`report.resolved`) and the services that hold the content
 * (`post.hidden`, `comment.hidden`, `user.suspended`), all in one transaction through the outbox. Its
 * undo (UNHIDE, UNSUSPEND) is logged and told the same way.
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
      if (input.action === 'hide') {
        await noteHidden(tx.manager, target as HideTarget, subjectId, moderatorId);
        publishHidden(tx, target as HideTarget, subjectId, moderatorId, true);
      }
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

  /**
   * Ends the hide of a post or comment: it shows again to everyone (unless its author's suspension or
   * a block hides it). A repeat, or a target that is not hidden, changes nothing.
   */
  unhide(moderatorId: string, target: HideTarget, note: string | null): Promise<UnhideResult> {
    return this.unitOfWork.run(async (tx) => {
      const authorId = await noteUnhidden(tx.manager, target);
      if (authorId) {
        await logAction(tx.manager, { ...target, moderatorId, action: 'unhide', subjectId: authorId, note });
        publishHidden(tx, target, authorId, moderatorId, false);
      }
      return { isHidden: false };
    });
  }

  /** Suspends the member; publishes nothing when they already were. */
  private async suspendIn(tx: Transaction, memberId: string, moderatorId: string): Promise<void> {
    if (await suspend(tx.manager, memberId, moderatorId))
      tx.publish('user.suspended', { userId: memberId, moderatorId }, { actorId: moderatorId });
  }
}

/** Tells posts that a post or comment is hidden now, or no longer (the same event: ADR 0035). */
function publishHidden(
  tx: Transaction,
  target: HideTarget,
  authorId: string,
  moderatorId: string,
  hidden: boolean,
): void {
  if (target.targetType === 'post')
    tx.publish(
      'post.hidden',
      { postId: target.targetId, authorId, moderatorId, hidden },
      { actorId: moderatorId },
    );
  else
    tx.publish(
      'comment.hidden',
      { commentId: target.targetId, authorId, moderatorId, hidden },
      { actorId: moderatorId },
    );
}
