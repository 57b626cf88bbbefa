import type { Readable } from 'node:stream';

/** One stored object, opened for reading. */
export interface StoredObject {
  body: Readable;
  /** In bytes: sent as Content-Length. */
  size: number;
  contentType: string;
}

/**
 * Where originals and variants live (architecture §3): a local directory by default, an S3-compatible
 * bucket when configured. Keys are relative paths such as `images/<uuid>/w640.webp`. Objects are
 * written once and never modified, which is what lets every reader cache them for a year.
 */
export interface ObjectStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Removing a missing object is not an error, so clean-up after a failure can always run. */
  delete(key: string): Promise<void>;
}

/** Nest injection token for the configured `ObjectStore`. */
export const OBJECT_STORE = Symbol('OBJECT_STORE');

/**
 * Keys are built by this service, never taken from a request; the check still guarantees that no key
 * can climb out of the store's root (no `..`, no absolute path, no empty segment).
 */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(key) || key.includes('..')) {
    throw new Error(`Invalid object key: ${JSON.stringify(key)}`);
  }
}
