import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { EventEnvelope, EventPayload } from '@daybreak/contracts';
import { UnitOfWork } from '@daybreak/database';
import { OnEvent } from '@daybreak/kafka';

type UserEvent = EventEnvelope<EventPayload<'user.registered'>>;

/** Keeps the authors read model in step with the social service's users. */
@Controller()
export class AuthorsConsumer {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  @OnEvent('user.registered')
  onRegistered(@Payload() event: UserEvent): Promise<void> {
    return this.upsert(event, 'authors.user-registered');
  }

  @OnEvent('user.updated')
  onUpdated(@Payload() event: UserEvent): Promise<void> {
    return this.upsert(event, 'authors.user-updated');
  }

  private upsert(event: UserEvent, consumer: string): Promise<void> {
    return this.unitOfWork.run(async (tx) => {
      if (!(await tx.markProcessed(event, consumer))) return;
      const user = event.payload;
      // Events of one user share a partition, but a replay could still bring an older snapshot:
      // the WHERE clause keeps whichever is newest.
      await tx.manager.query(
        `INSERT INTO authors (user_id, first_name, last_name, profile_name, profile_image_url, source_updated_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (user_id) DO UPDATE SET
           first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
           profile_name = EXCLUDED.profile_name, profile_image_url = EXCLUDED.profile_image_url,
           source_updated_at = EXCLUDED.source_updated_at
         WHERE authors.source_updated_at <= EXCLUDED.source_updated_at`,
        [
          user.userId,
          user.firstName,
          user.lastName,
          user.profileName,
          user.profileImageUrl,
          event.occurredAt,
        ],
      );
    });
  }
}
