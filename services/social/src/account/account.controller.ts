import { Controller, Delete, Get, HttpCode } from '@nestjs/common';
import type { SocialExport } from '@daybreak/contracts';
import { CurrentViewer, Viewer, requireMember } from '@daybreak/nest-common';
import { AccountService } from './account.service';

/** The signed-in member's own account: the gateway checked the confirmation and the rate limit. */
@Controller('account')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @Delete()
  @HttpCode(204)
  delete(@CurrentViewer() viewer: Viewer): Promise<void> {
    return this.account.delete(requireMember(viewer));
  }

  @Get('export')
  export(@CurrentViewer() viewer: Viewer): Promise<SocialExport> {
    return this.account.export(requireMember(viewer));
  }
}
