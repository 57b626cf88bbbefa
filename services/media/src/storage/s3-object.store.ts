import { Readable } from 'node:stream';
import type { OnModuleDestroy } from '@nestjs/common';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { ObjectStore, StoredObject, assertSafeKey } from './object-store';

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, …); unset means AWS itself. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Unset: the SDK's default credential chain (environment, profile, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * Matched by the error's name, not `instanceof`: a second copy of the SDK in node_modules would have
 * its own classes. Only the specific "missing" errors are mapped; a missing bucket or refused
 * credentials must throw, or a misconfiguration would look like lost images.
 */
const isNamed = (error: unknown, name: string) => error instanceof Error && error.name === name;

/** Objects in one bucket of an S3-compatible service (`MEDIA_S3_BUCKET`). */
export class S3ObjectStore implements ObjectStore, OnModuleDestroy {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor({ bucket, ...clientOptions }: S3StoreOptions) {
    this.bucket = bucket;
    this.client = new S3Client(clientOptions);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    // One request with the whole buffer: S3 makes the object visible only once it is complete.
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    const response = await this.client
      .send(new GetObjectCommand({ Bucket: this.bucket, Key: key }))
      .catch((error: unknown) => {
        if (isNamed(error, 'NoSuchKey')) return null;
        throw error;
      });
    if (!response) return null;
    const { Body, ContentLength, ContentType } = response;
    // In Node the SDK's Body is the HTTP response itself, a Readable, and S3 always sends its length.
    if (!(Body instanceof Readable) || ContentLength === undefined) {
      if (Body instanceof Readable) Body.destroy(); // frees the connection
      throw new Error(`S3 answered GetObject ${key} without a readable body of known length`);
    }
    return { body: Body, size: ContentLength, contentType: ContentType ?? 'application/octet-stream' };
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      // A HEAD response has no body, so a 404 carries no error code: the SDK names it NotFound (the
      // one case where a missing bucket cannot be told apart from a missing key).
      if (isNamed(error, 'NotFound')) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    // S3 answers 204 whether or not the key existed: already idempotent.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Closes the client's keep-alive connections when the service shuts down. */
  onModuleDestroy(): void {
    this.client.destroy();
  }
}
