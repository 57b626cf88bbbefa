/**
 * The form of every post, comment and member id (Postgres' uuid, as the services answer it). The
 * gateway refuses any other with a 400 before a downstream call; the app shows its not-found screen
 * for one in an address, as no such post or member can exist.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
