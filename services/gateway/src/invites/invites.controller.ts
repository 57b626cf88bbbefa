import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import type { GeneratedInvite, InviteLookup, SharedInvite } from '@daybreak/contracts';
import { MemberGuard, SessionUser } from '../auth/session-user';
import { InviteCodeParam } from '../downstream/path-param.pipe';
import { SocialClient } from '../downstream/social.client';
import { StreaksClient } from '../downstream/streaks.client';
import { OwnFollows } from '../leaderboard/own-follows';
import { READS, RateLimit } from '../security/rate-limit';
import { ApiDoc } from '../openapi/api-doc';
import * as s from '../openapi/api-schemas';

/** Getting the current link and making a new one share one allowance. */
const INVITE_LINKS = { name: 'invite-generate', limit: 10, windowSeconds: 60 };

@Controller('api/invites')
export class InvitesController {
  constructor(
    private readonly social: SocialClient,
    private readonly streaks: StreaksClient,
    private readonly ownFollows: OwnFollows,
  ) {}

  /** The member's current link, for many friends, until it expires (30 days) or they make a new one (ADR 0030). */
  @Post('generate')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  @RateLimit(INVITE_LINKS)
  @ApiDoc({ summary: 'Your invite link', ok: s.generatedInvite, errors: [401] })
  generate(@SessionUser() viewerId: string): Promise<GeneratedInvite> {
    return this.social.generateInvite(viewerId);
  }

  /** A new link; the old one stops working for friends who have not joined with it yet. */
  @Post('renew')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  @RateLimit(INVITE_LINKS)
  @ApiDoc({
    summary: 'Make a new invite link (the old one stops working)',
    ok: s.generatedInvite,
    errors: [401],
  })
  renew(@SessionUser() viewerId: string): Promise<GeneratedInvite> {
    return this.social.renewInvite(viewerId);
  }

  /**
   * The SPA says the member copied or shared their link: the first time, it counts toward the
   * invites-sent badges. Someone else's link, an expired or a replaced one: 404.
   */
  @Post(':code/shared')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  @RateLimit({ name: 'invite-share', limit: 30, windowSeconds: 60 })
  @ApiDoc({
    summary: 'Record that you copied or shared your link',
    ok: s.sharedInvite,
    errors: [400, 401, 404],
  })
  share(
    @SessionUser() viewerId: string,
    @Param('code', InviteCodeParam) code: string,
  ): Promise<SharedInvite> {
    return this.social.shareInvite(viewerId, code);
  }

  /** Guests too: who invited them, with the inviter's current streak, and whether that is the viewer. Unknown or dead link: 404. */
  @Get(':code')
  @RateLimit(READS)
  @ApiDoc({ summary: 'Who sent an invite', ok: s.inviteLookup, errors: [400, 404] })
  async lookup(
    @SessionUser() viewerId: string | null,
    @Param('code', InviteCodeParam) code: string,
  ): Promise<InviteLookup> {
    const { inviter } = await this.social.invite(viewerId, code);
    const statistics = await this.streaks.statistics(viewerId, inviter.id);
    return {
      inviter: {
        profileName: inviter.profileName,
        firstName: inviter.firstName,
        lastName: inviter.lastName,
        profileImageUrl: inviter.profileImageUrl,
        streakCount: statistics.currentStreak,
        isCurrentUser: inviter.id === viewerId,
      },
    };
  }

  /** Both members follow each other; the link stays live for more friends. Own link 400; again changes nothing. */
  @Post(':code/accept')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  @RateLimit({ name: 'invite-accept', limit: 10, windowSeconds: 60 })
  // 403: a block stands between the two (issue 42).
  @ApiDoc({ summary: 'Accept an invite', ok: s.inviteAccepted, errors: [400, 401, 403, 404] })
  async accept(
    @SessionUser() viewerId: string,
    @Param('code', InviteCodeParam) code: string,
  ): Promise<{ inviterId: string; accepted: boolean }> {
    const result = await this.social.acceptInvite(viewerId, code);
    // Both follows are committed: each one's leaderboard shows the other at once.
    if (result.accepted) {
      await this.ownFollows.record(viewerId, result.inviterId, true);
      await this.ownFollows.record(result.inviterId, viewerId, true);
    }
    return result;
  }
}
