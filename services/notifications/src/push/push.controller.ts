import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import {
  BadInputError,
  CurrentViewer,
  DomainError,
  Viewer,
  ZodPipe,
  requireMember,
} from '@daybreak/nest-common';
import { z } from 'zod';
import { refusePushEndpoint } from './endpoint-policy';
import { PUSH_SETTINGS, PushSettings } from './push-settings';
import { PushSubscriptions } from './push-subscriptions';
import { isUncompressedP256Key } from './vapid-config';

class PushUnavailableError extends DomainError {
  readonly status = 503;
  constructor() {
    super('PUSH.UNAVAILABLE', 'Push notifications are not available on this server.');
  }
}

const base64urlOfLength = (bytes: number) => (value: string) =>
  /^[A-Za-z0-9_-]+={0,2}$/.test(value) && Buffer.from(value, 'base64url').length === bytes;

/** What the browser's PushSubscription.toJSON() gives; expirationTime is ignored. */
const subscribeSchema = z.object({
  subscription: z.object(
    {
      endpoint: z.string({ error: 'endpoint is required' }).max(2048, 'endpoint is too long'),
      keys: z.object(
        {
          p256dh: z.string().refine(isUncompressedP256Key, 'must be a P-256 public key, base64url'),
          auth: z.string().refine(base64urlOfLength(16), 'must be a 16-byte secret, base64url'),
        },
        { error: 'keys (p256dh and auth) are required' },
      ),
    },
    { error: 'subscription is required' },
  ),
});

const unsubscribeSchema = z.object({ endpoint: z.string({ error: 'endpoint is required' }).max(2048) });

@Controller('push')
export class PushController {
  constructor(
    private readonly subscriptions: PushSubscriptions,
    @Inject(PUSH_SETTINGS) private readonly settings: PushSettings,
  ) {}

  /** The applicationServerKey the browser subscribes with. */
  @Get('vapid-key')
  vapidKey(@CurrentViewer() viewer: Viewer): { publicKey: string } {
    requireMember(viewer);
    if (!this.settings.vapid) throw new PushUnavailableError();
    return { publicKey: this.settings.vapid.publicKey };
  }

  @Post('subscriptions')
  async subscribe(
    @CurrentViewer() viewer: Viewer,
    @Body(new ZodPipe(subscribeSchema)) { subscription }: z.infer<typeof subscribeSchema>,
  ): Promise<void> {
    const userId = requireMember(viewer);
    if (!this.settings.vapid) throw new PushUnavailableError();
    const refusal = refusePushEndpoint(subscription.endpoint, this.settings.extraOrigins);
    if (refusal) throw new BadInputError('PUSH.ENDPOINT_REFUSED', refusal);
    await this.subscriptions.save(userId, subscription);
  }

  @Post('subscriptions/remove')
  @HttpCode(204)
  async unsubscribe(
    @CurrentViewer() viewer: Viewer,
    @Body(new ZodPipe(unsubscribeSchema)) { endpoint }: z.infer<typeof unsubscribeSchema>,
  ): Promise<void> {
    await this.subscriptions.remove(requireMember(viewer), endpoint);
  }
}
