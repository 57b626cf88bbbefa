import { Inject, Injectable } from '@nestjs/common';
import type {
  CreateReportRequest,
  CreatedReport,
  HiddenContent,
  ModerationLogEntry,
  ReportGroup,
  ResolveReportRequest,
  ResolvedReports,
  SuspendedMember,
  UnhideResult,
  UnsuspendResult,
} from '@daybreak/contracts';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { downstreamPath } from './downstream-path';
import { ServiceClient } from './service-client';
import { serviceClientFor } from './service-client-for';
import type { Page } from './page';

/** A reported post or comment as its reader can see it (posts answers 404 for what they can't). */
export interface ReportedContent {
  authorId: string;
  postId: string;
  content: string;
  imageUrl: string | null;
}

/**
 * Reports and moderation (issue 42): social decides, posts says what a reported post or comment is.
 * A moderator's calls carry the role in their identity token (ADR 0025).
 */
@Injectable()
export class ModerationClient {
  private readonly social: ServiceClient;
  private readonly posts: ServiceClient;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.social = serviceClientFor(config, 'social');
    this.posts = serviceClientFor(config, 'posts');
  }

  reportedContent(viewerId: string, type: 'post' | 'comment', id: string): Promise<ReportedContent> {
    return this.posts.call(downstreamPath`/report-targets/${type}/${id}`, { viewer: { userId: viewerId } });
  }

  report(
    viewerId: string,
    report: CreateReportRequest & { content?: ReportedContent },
  ): Promise<CreatedReport> {
    return this.social.call(downstreamPath`/reports`, {
      viewer: { userId: viewerId },
      method: 'POST',
      body: report,
    });
  }

  queue(moderatorId: string): Promise<ReportGroup[]> {
    return this.social.call(downstreamPath`/moderation/reports`, { viewer: moderator(moderatorId) });
  }

  resolve(moderatorId: string, reportId: string, body: ResolveReportRequest): Promise<ResolvedReports> {
    return this.social.call(downstreamPath`/moderation/reports/${reportId}/resolve`, {
      viewer: moderator(moderatorId),
      method: 'POST',
      body,
    });
  }

  unsuspend(moderatorId: string, userId: string, body: { note?: string }): Promise<UnsuspendResult> {
    return this.social.call(downstreamPath`/moderation/users/${userId}/unsuspend`, {
      viewer: moderator(moderatorId),
      method: 'POST',
      body,
    });
  }

  unhide(
    moderatorId: string,
    target: { type: 'post' | 'comment'; id: string },
    body: { note?: string },
  ): Promise<UnhideResult> {
    return this.social.call(downstreamPath`/moderation/hidden/${target.type}/${target.id}/unhide`, {
      viewer: moderator(moderatorId),
      method: 'POST',
      body,
    });
  }

  hidden(moderatorId: string, page: Page): Promise<HiddenContent[]> {
    return this.social.call(downstreamPath`/moderation/hidden`, {
      viewer: moderator(moderatorId),
      query: { ...page },
    });
  }

  audit(moderatorId: string, page: Page): Promise<ModerationLogEntry[]> {
    return this.social.call(downstreamPath`/moderation/audit`, {
      viewer: moderator(moderatorId),
      query: { ...page },
    });
  }

  suspended(moderatorId: string, page: Page): Promise<SuspendedMember[]> {
    return this.social.call(downstreamPath`/moderation/suspended`, {
      viewer: moderator(moderatorId),
      query: { ...page },
    });
  }
}

const moderator = (userId: string) => ({ userId, isModerator: true as const });
