import { Controller, Get } from '@nestjs/common';
import type { PostsExport } from '@daybreak/contracts';
import { CurrentViewer, Viewer, requireMember } from '@daybreak/nest-common';
import { AccountService } from './account.service';

/** The signed-in member's own data, for their export (issue 42). */
@Controller('account')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @Get('export')
  export(@CurrentViewer() viewer: Viewer): Promise<PostsExport> {
    return this.account.export(requireMember(viewer));
  }
}
