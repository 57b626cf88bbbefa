import { Controller, Param, Post, Put, Req } from '@nestjs/common';
import { CurrentViewer, Viewer, requireMember } from '@daybreak/nest-common';
import type { FastifyRequest } from 'fastify';
import { readUploadBody } from '../images/upload-body';
import { UploadIntentsService } from './upload-intents.service';

/** Spec §7 direct upload: `POST` hands out an upload URL, the browser `PUT`s the file to it. */
@Controller('upload-intents')
export class UploadIntentsController {
  constructor(private readonly intents: UploadIntentsService) {}

  @Post()
  create(@CurrentViewer() viewer: Viewer): Promise<{ uploadURL: string }> {
    return this.intents.create(requireMember(viewer));
  }

  /** The raw file is the body, with whatever content type the browser gave it (checked by content). */
  @Put(':token')
  upload(@CurrentViewer() viewer: Viewer, @Param('token') token: string, @Req() request: FastifyRequest) {
    return this.intents.upload(requireMember(viewer), token, () => readUploadBody(request.raw));
  }
}
