import '@fastify/multipart';
import {
  BadRequestException,
  CallHandler,
  ExecutionContext,
  HttpException,
  Injectable,
  NestInterceptor,
  createParamDecorator,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Observable, from, switchMap } from 'rxjs';
import { FileTooLargeError } from '../media/upload-limit';
import type { UploadedPhoto } from './post-publishing.service';

/** What multer was allowed on POST /api/posts: one file, ten text fields. */
export interface MultipartLimits {
  /** The file's field name (`image`). */
  fileField: string;
  fileSize: number;
  files: number;
  fields: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The form's photo, read by `MultipartForm` (`request.file` is @fastify/multipart's own). */
    uploadedPhoto?: UploadedPhoto;
  }
}

/**
 * Reads a multipart form into `request.body` (its text fields, as strings; a repeated field becomes
 * an array) and its one file into `request.uploadedPhoto`, as multer's FileInterceptor did on
 * Express. An interceptor, so it runs after the guards: a guest's or a rate-limited request is
 * refused before its body is read. A request that is not multipart (JSON) keeps its parsed body.
 * The limits' errors answer as multer's did: an oversized file 413 (`FileTooLargeError`), too many
 * files or fields, another file field or a malformed form 400.
 */
export function MultipartForm(limits: MultipartLimits): new () => NestInterceptor {
  @Injectable()
  class MultipartFormInterceptor implements NestInterceptor {
    intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
      const request = context.switchToHttp().getRequest<FastifyRequest>();
      if (!request.isMultipart()) return next.handle();
      return from(readForm(request, limits)).pipe(switchMap(() => next.handle()));
    }
  }
  return MultipartFormInterceptor;
}

async function readForm(request: FastifyRequest, limits: MultipartLimits): Promise<void> {
  const fields: Record<string, string | string[]> = {};
  try {
    const parts = request.parts({
      limits: { fileSize: limits.fileSize, files: limits.files, fields: limits.fields },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== limits.fileField) {
          part.file.resume(); // drain it, so the rest of the form can still be read
          throw new BadRequestException(`Unexpected file field - ${part.fieldname}`);
        }
        request.uploadedPhoto = { buffer: await part.toBuffer(), mimetype: part.mimetype };
      } else {
        const value = String(part.value);
        const earlier = fields[part.fieldname];
        fields[part.fieldname] =
          earlier === undefined ? value : Array.isArray(earlier) ? [...earlier, value] : [earlier, value];
      }
    }
  } catch (error) {
    throw asMulterWouldHave(error);
  }
  request.body = fields;
}

/** The errors of @fastify/multipart (and busboy under it) as multer's, which clients have seen. */
function asMulterWouldHave(error: unknown): unknown {
  if (error instanceof HttpException) return error;
  const { code, statusCode, message } = error as { code?: string; statusCode?: number; message?: string };
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new FileTooLargeError();
    case 'FST_FILES_LIMIT':
      return new BadRequestException('Too many files');
    case 'FST_FIELDS_LIMIT':
      return new BadRequestException('Too many fields');
    case 'FST_PARTS_LIMIT':
      return new BadRequestException('Too many parts');
  }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500)
    return new HttpException(message ?? 'Bad request', statusCode);
  // Busboy's own: a malformed or truncated form.
  return new BadRequestException(`Multipart: ${message ?? 'malformed form'}`);
}

/** `@FormPhoto() photo?: UploadedPhoto` — the photo `MultipartForm` read, if the form had one. */
export const FormPhoto = createParamDecorator(
  (_data: unknown, context: ExecutionContext): UploadedPhoto | undefined =>
    context.switchToHttp().getRequest<FastifyRequest>().uploadedPhoto,
);
