import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { GeneratedInvite, SharedInvite } from '@daybreak/contracts';
import { CurrentViewer, Viewer, requireMember } from '@daybreak/nest-common';
import { AcceptedInvite, InviteDetails, InvitesService } from './invites.service';

/** Codes are checked against their pattern in the service: a malformed one is just unknown (404). */
@Controller('invites')
export class InvitesController {
  constructor(private readonly invites: InvitesService) {}

  @Post()
  @HttpCode(200)
  generate(@CurrentViewer() viewer: Viewer): Promise<GeneratedInvite> {
    return this.invites.generate(requireMember(viewer));
  }

  @Post('renew')
  @HttpCode(200)
  renew(@CurrentViewer() viewer: Viewer): Promise<GeneratedInvite> {
    return this.invites.renew(requireMember(viewer));
  }

  @Get(':code')
  lookup(@Param('code') code: string): Promise<InviteDetails> {
    return this.invites.lookup(code);
  }

  @Post(':code/shared')
  @HttpCode(200)
  share(@Param('code') code: string, @CurrentViewer() viewer: Viewer): Promise<SharedInvite> {
    return this.invites.share(code, requireMember(viewer));
  }

  @Post(':code/accept')
  @HttpCode(200)
  accept(@Param('code') code: string, @CurrentViewer() viewer: Viewer): Promise<AcceptedInvite> {
    return this.invites.accept(code, requireMember(viewer));
  }
}
