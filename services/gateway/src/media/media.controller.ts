import { MAX_UPLOAD_BYTES } from '@daybreak/contracts';
import { pipeline } from 'node:stream/promises';
import {
  Controller,
  Get,
  Headers,
  HttpCode,
  Logger,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MemberGuard, SessionUser } from '../auth/session-user';
import { ImageIdParam, UploadTokenParam } from '../downstream/path-param.pipe';
import { RateLimit } from '../security/rate-limit';
import { ImageQuery, MediaClient, StoredImage } from './media.client';
import { FileTooLargeError } from './upload-limit';
import { z } from 'zod';
import { ApiDoc } from '../openapi/api-doc';
import * as s from '../openapi/api-schemas';

/** What the browser needs of the media service's answer to cache and show an image, and no more. */
const PASSED_THROUGH = ['content-type', 'content-length', 'cache-control', 'etag', 'x-content-type-options'];

/** Spec §7 direct uploads, and the images themselves (proxied, streamed). */
@Controller()
export class MediaController {
  private readonly logger = new Logger(MediaController.name);

  constructor(private readonly media: MediaClient) {}

  @Post('api/objects/upload')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  @RateLimit({ name: 'upload', limit: 20, windowSeconds: 60 })
  @ApiDoc({ summary: 'A single-use address to upload one photo to', ok: s.uploadUrl, errors: [401] })
  createUploadUrl(@SessionUser() viewerId: string): Promise<{ uploadURL: string }> {
    return this.media.createUploadUrl(viewerId);
  }

  /** The browser PUTs the file itself, with its own content type; the body is streamed, not parsed. */
  @Put('api/objects/uploads/:token')
  @UseGuards(MemberGuard)
  @RateLimit({ name: 'upload-put', limit: 20, windowSeconds: 60 })
  @ApiDoc({
    summary: 'Upload the photo (raw bytes) to its single-use address',
    ok: s.uploadedImage,
    body: z.string().meta({ format: 'binary' }),
    // 410: the address was used already, or has expired (upload intents are single use).
    errors: [400, 401, 403, 404, 410, 413, 415],
  })
  upload(
    @SessionUser() viewerId: string,
    @Param('token', UploadTokenParam) token: string,
    @Req() request: FastifyRequest,
  ): Promise<StoredImage> {
    // Refused here when it says so up front; a body that lies about its length is cut off in transit.
    if (Number(request.headers['content-length']) > MAX_UPLOAD_BYTES) throw new FileTooLargeError();
    // The raw request is the body's stream: no parser read it (raw-bodies.ts).
    return this.media.upload(viewerId, token, request.raw, request.headers['content-type'] ?? '');
  }

  /** Public: guests see images in the public feed. Sessions are not read here (they live on /api). */
  @Get(['objects/:id', 'uploads/:id'])
  @ApiDoc({
    summary: 'A stored image (`?format=webp|jpeg&w=320|640|1280`)',
    ok: null,
    produces: 'image/*',
    errors: [400, 404],
  })
  async image(
    @Param('id', ImageIdParam) id: string,
    @Query() query: ImageQuery,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const upstream = await this.media.image(id, query, ifNoneMatch);
    // Written on the raw response, as the media service sent it: no ETag of ours, no compression
    // (images are compressed already), and the body streamed through as it comes.
    reply.hijack();
    const response = reply.raw;
    response.statusCode = upstream.statusCode;
    for (const name of PASSED_THROUGH) {
      const value = upstream.headers[name];
      if (value !== undefined) response.setHeader(name, value);
    }
    if (upstream.statusCode === 304) {
      // Nothing to send; reading the (empty) body frees the kept-alive connection.
      await upstream.body.dump();
      response.end();
      return;
    }
    await pipeline(upstream.body, response).catch((error: Error) => {
      // Usually the browser went away mid-download; the status line is sent already.
      this.logger.debug(`Stopped proxying image ${id}: ${error.message}`);
    });
  }
}
