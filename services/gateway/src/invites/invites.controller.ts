import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import type { GeneratedInvite, InviteLookup } from '@daybreak/contracts';
import { MemberGuard, SessionUser } from '../auth/session-user';
import { InviteCodeParam } from '../downstream/path-param.pipe';
import { SocialClient } from '../downstream/social.client';
import { StreaksClient } from '../downstream/streaks.client';
import { READS, RateLimit } from '../security/rate-limit';
import { ApiDoc } from '../openapi/api-doc';
import * as s from '../openapi/api-schemas';

@Controller('api/invites')
export class InvitesController {
  constructor(
    private readonly social: SocialClient,
    private readonly streaks: StreaksClient,
  ) {}

  /** The member's open code, reused until someone accepts it. */
  @Post('generate')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  @RateLimit({ name: 'invite-generate', limit: 10, windowSeconds: 60 })
  @ApiDoc({ summary: 'Your open invite code', ok: s.generatedInvite, errors: [401] })
  generate(@SessionUser() viewerId: string): Promise<GeneratedInvite> {
    return this.social.generateInvite(viewerId);
  }

  /** Guests too: who invited them, with the inviter's current streak, and whether that is the viewer. Unknown or used code: 404. */
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

  /** Both members follow each other; the inviter's own code is a 400, accepting again changes nothing. */
  @Post(':code/accept')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  @RateLimit({ name: 'invite-accept', limit: 10, windowSeconds: 60 })
  @ApiDoc({ summary: 'Accept an invite', ok: s.inviteAccepted, errors: [400, 401, 404] })
  accept(
    @SessionUser() viewerId: string,
    @Param('code', InviteCodeParam) code: string,
  ): Promise<{ inviterId: string; accepted: boolean }> {
    return this.social.acceptInvite(viewerId, code);
  }
}
