export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

/** A message for some members: every device of each gets it. */
export interface Push {
  recipientIds: readonly string[];
  message: PushMessage;
}

export interface PushDispatcher {
  /**
   * Sends each push to its recipients' devices: the pushes in order, each to several recipients at a
   * time. Resolves once every device had its first attempt (retries go on in the background).
   */
  notify(pushes: readonly Push[]): Promise<void>;
}
export const PUSH_DISPATCHER = Symbol('PUSH_DISPATCHER');
