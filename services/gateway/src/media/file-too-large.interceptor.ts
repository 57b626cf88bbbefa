import {
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  PayloadTooLargeException,
} from '@nestjs/common';
import { Observable, catchError, throwError } from 'rxjs';
import { FileTooLargeError } from './upload-limit';

/**
 * multer reports an oversized multipart file as a bare 413; this gives it the same code and words as
 * every other upload route ('File size must be less than 10MB', spec §5).
 */
@Injectable()
export class FileTooLargeInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next
      .handle()
      .pipe(
        catchError((error: unknown) =>
          throwError(() => (error instanceof PayloadTooLargeException ? new FileTooLargeError() : error)),
        ),
      );
  }
}
