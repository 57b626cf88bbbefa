import { Injectable } from '@nestjs/common';

/**
 * Lets the relay publish right after a commit instead of waiting for its next poll. Purely an
 * optimisation: the relay also polls, so a missed signal delays an event but never loses it.
 */
@Injectable()
export class OutboxSignal {
  private readonly listeners = new Set<() => void>();

  onCommitted(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  committed(): void {
    for (const listener of this.listeners) listener();
  }
}
