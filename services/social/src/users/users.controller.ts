import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import type { CurrentUser } from '@daybreak/contracts';
import { CurrentViewer, Viewer, ZodPipe, requireMember } from '@daybreak/nest-common';
import { SignInInput, signInSchema } from './dto/sign-in.dto';
import { UsersService } from './users.service';

@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** Called by the gateway after the identity provider vouched for the caller. */
  @Post('sign-in')
  @HttpCode(200)
  signIn(@Body(new ZodPipe(signInSchema)) input: SignInInput): Promise<CurrentUser> {
    return this.users.signIn(input);
  }

  /** The signed-in member's own record (with e-mail): only for that member. */
  @Get(':id/me')
  me(@Param('id', ParseUUIDPipe) id: string, @CurrentViewer() viewer: Viewer): Promise<CurrentUser> {
    return this.users.getOwnAccount(id, requireMember(viewer));
  }
}
