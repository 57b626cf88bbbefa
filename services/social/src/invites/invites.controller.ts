import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { GeneratedInvite } from '@daybreak/contracts';
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

  @Get(':code')
  lookup(@Param('code') code: string): Promise<InviteDetails> {
    return this.invites.lookup(code);
  }

  @Post(':code/accept')
  @HttpCode(200)
  accept(@Param('code') code: string, @CurrentViewer() viewer: Viewer): Promise<AcceptedInvite> {
    return this.invites.accept(code, requireMember(viewer));
  }
}
