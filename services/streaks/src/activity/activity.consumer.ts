import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { EventEnvelope, EventPayload } from '@daybreak/contracts';
import { OnEvent } from '@daybreak/kafka';
import { ActivityService } from './activity.service';

@Controller()
export class ActivityConsumer {
  constructor(private readonly activity: ActivityService) {}

  @OnEvent('post.created')
  onPostCreated(@Payload() event: EventEnvelope<EventPayload<'post.created'>>): Promise<void> {
    return this.activity.recordPost(event);
  }

  @OnEvent('post.deleted')
  onPostDeleted(@Payload() event: EventEnvelope<EventPayload<'post.deleted'>>): Promise<void> {
    return this.activity.forgetPost(event);
  }
}
