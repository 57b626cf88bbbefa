import {
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { CurrentViewer, Viewer, requireMember } from '@daybreak/nest-common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagOf, ifNoneMatchHits, parseRendition } from './domain/image-variant';
import { UnknownVariantError } from './images.errors';
import { ImagesService } from './images.service';
import { readUploadBody } from './upload-body';

/** A URL names immutable bytes (ids are never reused), so browsers and proxies may keep them a year. */
const CACHE_FOREVER = 'public, max-age=31536000, immutable';

/**
 * Serves stored images, and ingests post photos forwarded by the gateway. The read routes keep the
 * identity guard: the gateway proxies them with a guest token, and nothing else can reach the service.
 */
@Controller()
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  /** Raw image bytes in the body (from the gateway's multipart create-post); any content type. */
  @Post('objects')
  async ingest(
    @CurrentViewer() viewer: Viewer,
    @Req() request: FastifyRequest,
  ): Promise<{ objectPath: string }> {
    const ownerId = requireMember(viewer);
    const { objectPath } = await this.images.ingest(ownerId, await readUploadBody(request.raw));
    return { objectPath };
  }

  /**
   * A post or a profile is about to use this image of the calling member: from now on it is never
   * purged, whatever became of the events that say who uses it (ADR 0017). The gateway calls this in
   * the request that attaches the image, before posts or social store the reference. 200 with its
   * path; 404 for an unknown image, someone else's, or one purged already (alike).
   */
  @Put('objects/:id/in-use')
  async markInUse(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<{ objectPath: string }> {
    return this.images.markInUse(requireMember(viewer), id);
  }

  /**
   * Deletes an image of the calling member that no post or profile uses: the gateway's clean-up
   * when posts refused the post a photo was sent with (even though it was marked in use for it). Anything else is left alone, with the same 204.
   */
  @Delete('objects/:id')
  @HttpCode(204)
  discard(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<void> {
    return this.images.discard(requireMember(viewer), id);
  }

  /** `/uploads/:id` serves the same objects for older links (spec: both prefixes have variants). */
  @Get(['objects/:id', 'uploads/:id'])
  async serve(
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const rendition = parseRendition(query);
    if (!rendition) throw new UnknownVariantError();
    const object = await this.images.find(id);
    const etag = etagOf(object.id, rendition);
    if (ifNoneMatchHits(ifNoneMatch, etag)) {
      void reply.code(304).headers({ ETag: etag, 'Cache-Control': CACHE_FOREVER }).send();
      return;
    }
    const stored = await this.images.open(object, rendition);
    // Headers only now: an error above must not leave a cacheable header on its 4xx answer.
    // Fastify streams the body and, should the client go away midway, destroys the stored stream.
    void reply
      .code(200)
      .headers({
        'Content-Type': stored.contentType,
        'Content-Length': String(stored.size),
        'Cache-Control': CACHE_FOREVER,
        ETag: etag,
        // Browsers must never reinterpret the bytes (e.g. as HTML): what we say is what it is.
        'X-Content-Type-Options': 'nosniff',
      })
      .send(stored.body);
  }
}
