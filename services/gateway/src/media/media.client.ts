import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { serviceClientFor } from '../downstream/service-client-for';
import { downstreamPath } from '../downstream/downstream-path';
import { ServiceClient, UpstreamResponse } from '../downstream/service-client';
import { hasStatus } from '../downstream/upstream-errors';
import { uploadedImageId } from '../profile/profile-photo';
import { forwardUpload } from './upload-limit';

/** A stored image, by the path the SPA shows it from. */
export interface StoredImage {
  objectPath: string;
}

/**
 * The image variant a browser asks for (`?format=webp&w=640`), as parsed from the query string (a
 * repeated parameter arrives as a list). The media service validates it.
 */
export interface ImageQuery {
  format?: unknown;
  w?: unknown;
}

const asParam = (value: unknown) => (value === undefined ? undefined : String(value));

/** The media service: image ingestion, single-use upload URLs, and the images themselves. */
@Injectable()
export class MediaClient {
  private readonly client: ServiceClient;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.client = serviceClientFor(config, 'media');
  }

  /**
   * Stores an image a member sent (e.g. the photo of a multipart create-post). The media service
   * checks it by content, whatever `contentType` says: 413 over 10 MB, 415 if not an image, 400 if
   * damaged; those errors pass through to the browser.
   */
  async storeImage(viewerId: string, bytes: Buffer, contentType: string): Promise<StoredImage> {
    const response = await this.client.exchange(downstreamPath`/objects`, {
      viewer: { userId: viewerId },
      method: 'POST',
      headers: { 'content-type': contentType || 'application/octet-stream' },
      body: bytes,
    });
    return (await response.body.json()) as StoredImage;
  }

  /**
   * Deletes a photo this member stored that no post or profile uses: the photo of a post that posts
   * refused. Anything else (used, someone else's, gone) is left alone by the media service.
   */
  async discardImage(viewerId: string, objectPath: string): Promise<void> {
    const id = uploadedImageId(objectPath);
    if (!id) return;
    await this.client.call(downstreamPath`/objects/${id}`, {
      viewer: { userId: viewerId },
      method: 'DELETE',
    });
  }

  /** Spec §7 step 1: a single-use URL, valid 10 minutes, for the member to PUT one file to. */
  createUploadUrl(viewerId: string): Promise<{ uploadURL: string }> {
    return this.client.call(downstreamPath`/upload-intents`, {
      viewer: { userId: viewerId },
      method: 'POST',
    });
  }

  /**
   * Spec §7 step 2: streams the browser's PUT body (the request itself) to the media service,
   * counting bytes on the way: 413 past 10 MB, 410 for a used or expired URL, 403 for someone else's.
   */
  async upload(
    viewerId: string,
    token: string,
    request: Readable,
    contentType: string,
  ): Promise<StoredImage> {
    const upload = forwardUpload(request);
    try {
      const response = await this.client.exchange(downstreamPath`/upload-intents/${token}`, {
        viewer: { userId: viewerId },
        method: 'PUT',
        headers: { 'content-type': contentType || 'application/octet-stream' },
        body: upload.body,
      });
      return (await response.body.json()) as StoredImage;
    } finally {
      // However it ended (e.g. refused before the whole file arrived), let go of the browser's body.
      upload.release();
    }
  }

  /**
   * Tells media that a post or a profile is about to use this member's image, so it is never purged
   * whatever the events' lag (ADR 0017): true, or false for someone else's, an unknown or a purged
   * one, or a path that names no stored image (the media service answers all with 404). Called before the reference is stored.
   */
  async markInUse(viewerId: string, objectPath: string): Promise<boolean> {
    const id = uploadedImageId(objectPath);
    if (!id) return false;
    try {
      await this.client.call(downstreamPath`/objects/${id}/in-use`, {
        viewer: { userId: viewerId },
        method: 'PUT',
      });
      return true;
    } catch (error) {
      if (hasStatus(error, 404)) return false;
      throw error;
    }
  }

  /**
   * An image (`/objects/:id` or, for old links, `/uploads/:id`) as the media service's raw response:
   * 200 with the bytes or 304 when `ifNoneMatch` still holds; 4xx fail as HttpExceptions. Images are
   * public (ids are unguessable), so the caller is always a guest.
   */
  image(id: string, query: ImageQuery, ifNoneMatch: string | undefined): Promise<UpstreamResponse> {
    const headers: Record<string, string> = { 'accept-encoding': 'identity' };
    if (ifNoneMatch) headers['if-none-match'] = ifNoneMatch;
    return this.client.exchange(downstreamPath`/objects/${id}`, {
      viewer: { userId: null },
      headers,
      query: { format: asParam(query.format), w: asParam(query.w) },
    });
  }
}
