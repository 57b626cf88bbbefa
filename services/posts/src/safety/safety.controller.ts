import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CurrentViewer, Viewer, ZodPipe, requireMember } from '@daybreak/nest-common';
import { z } from 'zod';
import { SafetyService } from './safety.service';

/** The longest the gateway's call waits for the consumer: past it, the block is answered anyway. */
const CATCH_UP_TIMEOUT_MS = 3_000;

const catchUpSchema = z.object({ version: z.int().positive() });

/** For the gateway, between a member's block or mute and its answer (ADR 0024). */
@Controller('safety')
export class SafetyController {
  constructor(private readonly safety: SafetyService) {}

  /**
   * Answers once the viewer's blocks and mutes up to `version` (social's count, from its answer) are
   * applied here and the feed's cached pages dropped: `caughtUp` false if that took too long.
   */
  @Post('caught-up')
  @HttpCode(200)
  async caughtUp(
    @CurrentViewer() viewer: Viewer,
    @Body(new ZodPipe(catchUpSchema)) { version }: z.infer<typeof catchUpSchema>,
  ): Promise<{ caughtUp: boolean }> {
    return { caughtUp: await this.safety.caughtUp(requireMember(viewer), version, CATCH_UP_TIMEOUT_MS) };
  }
}
