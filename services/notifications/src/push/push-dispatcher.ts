export interface PushMessage {
  title: string;
  body: string;
  url: string;
}
export interface PushDispatcher {
  notify(userId: string, message: PushMessage): Promise<void>;
}
export const PUSH_DISPATCHER = Symbol('PUSH_DISPATCHER');
