import { NotFoundError } from '@daybreak/nest-common';

/** Also what another member's notification id gets: whether it exists is not the viewer's business. */
export class NotificationNotFoundError extends NotFoundError {
  constructor() {
    super('NOTIFICATION.NOT_FOUND', 'Notification not found');
  }
}
