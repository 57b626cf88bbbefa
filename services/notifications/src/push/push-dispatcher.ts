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
   * Sends each push to its recipients' devices, a device's messages in the order of the pushes.
   * Resolves once every device had its first attempt (retries go on in the background).
   */
  notify(pushes: readonly Push[]): Promise<void>;
  /**
   * As notify, but resolves once every device's first message is on its way (has a place in the
   * process's window of sends): the attempts end in the background. What a consumer calls after a
   * commit, so its next transaction overlaps the push services' round trips; a full window holds it
   * up, so a worker never gets further ahead of its push services than the window.
   */
  handOver(pushes: readonly Push[]): Promise<void>;
}
export const PUSH_DISPATCHER = Symbol('PUSH_DISPATCHER');
