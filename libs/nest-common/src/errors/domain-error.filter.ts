import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpServer,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { ApiErrorBody } from '@daybreak/contracts';
import { Observable, throwError } from 'rxjs';
import { DomainError } from './domain-error';

const CODE_BY_STATUS: Record<number, string> = {
  400: 'REQUEST.INVALID',
  401: 'AUTH.UNAUTHORIZED',
  403: 'AUTH.FORBIDDEN',
  404: 'REQUEST.NOT_FOUND',
  413: 'REQUEST.TOO_LARGE',
  415: 'REQUEST.UNSUPPORTED_MEDIA_TYPE',
  429: 'REQUEST.RATE_LIMITED',
};

/**
 * Postgres' data exceptions (SQLSTATE class 22) are about the values sent, never about the server:
 * text with a NUL character (which Postgres can't store), a number out of range, a malformed id.
 * Validation catches what it knows of; this answers the rest as the bad input it is. The message is
 * ours: Postgres' own names tables and values.
 */
function refusedByDatabase(error: unknown): string | null {
  const code = sqlState(error);
  if (!code?.startsWith('22')) return null;
  if (code === '22021' || code === '22P05')
    return "Text can't contain the NUL character (\\u0000) or invalid Unicode.";
  if (code === '22001') return 'A value is too long.';
  return 'A value in this request is not valid.';
}

/**
 * A database that was too slow (a statement past its timeout: SQLSTATE 57014) or can't be reached
 * (no connection within the connect timeout, one lost or refused, Postgres shutting down): the same
 * request may well succeed in a moment, so 503 with a message saying so, not a 500.
 */
function databaseUnavailable(error: unknown): ApiErrorBody | null {
  const code = sqlState(error);
  if (code === '57014') return DATABASE_TIMEOUT;
  if (code?.startsWith('08') || /^57P0[1-3]$/.test(code ?? '') || code === '25P03')
    return DATABASE_UNAVAILABLE;
  const candidate = error as { message?: unknown; driverError?: { message?: unknown } } | null;
  const message = `${String(candidate?.message ?? '')} ${String(candidate?.driverError?.message ?? '')}`;
  return LOST_CONNECTION.test(message) ? DATABASE_UNAVAILABLE : null;
}

/**
 * pg's and pg-pool's words (their errors carry no SQLSTATE) for a connection not made or lost, or a
 * Postgres that stopped answering (pg's own query timeout).
 */
const LOST_CONNECTION =
  /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED|Client has encountered a connection error|Query read timeout/;

const DATABASE_TIMEOUT: ApiErrorBody = {
  statusCode: HttpStatus.SERVICE_UNAVAILABLE,
  code: 'DATABASE.TIMEOUT',
  message: 'This is taking too long right now. Please try again in a moment.',
};
const DATABASE_UNAVAILABLE: ApiErrorBody = {
  statusCode: HttpStatus.SERVICE_UNAVAILABLE,
  code: 'DATABASE.UNAVAILABLE',
  message: 'Service temporarily unavailable. Please try again.',
};

/** The SQLSTATE of a pg error, also when TypeORM wraps it (QueryFailedError.driverError). */
function sqlState(error: unknown): string | undefined {
  const candidate = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  const code = candidate?.driverError?.code ?? candidate?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * The one place where errors become HTTP responses: `{statusCode, code, message}`, answered through
 * the app's HTTP adapter (Fastify's, for every process).
 */
@Catch()
export class DomainErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly http: Pick<HttpServer, 'reply' | 'isHeadersSent'>) {}

  catch(error: unknown, host: ArgumentsHost): Observable<never> | void {
    // An event handler's failure is not an HTTP answer: hand it back to the transport, which retries.
    if (host.getType() !== 'http') return throwError(() => error);
    const response: unknown = host.switchToHttp().getResponse();
    const body = this.toBody(error);
    if (body.statusCode >= 500) this.logger.error(error instanceof Error ? error : String(error));
    if (this.http.isHeadersSent(response)) return;
    // A Content-Type the route set for its success answer (`@Header`) does not describe this one:
    // without it Fastify names the JSON it writes (and Nest's adapter does not warn of a mismatch).
    (response as { removeHeader?: (name: string) => unknown }).removeHeader?.('Content-Type');
    this.http.reply(response, body, body.statusCode);
  }

  private toBody(error: unknown): ApiErrorBody {
    if (error instanceof DomainError) {
      return { statusCode: error.status, code: error.code, message: error.message };
    }
    if (error instanceof HttpException) {
      const statusCode = error.getStatus();
      const response = error.getResponse();
      const body =
        typeof response === 'string'
          ? { message: response }
          : (response as { message?: unknown; code?: unknown });
      const message = Array.isArray(body.message)
        ? body.message.join('; ')
        : String(body.message ?? error.message);
      // A service's error relayed by the gateway keeps the service's stable code.
      const code =
        typeof body.code === 'string' ? body.code : (CODE_BY_STATUS[statusCode] ?? `HTTP.${statusCode}`);
      return { statusCode, code, message };
    }
    const refused = refusedByDatabase(error);
    if (refused) return { statusCode: HttpStatus.BAD_REQUEST, code: 'REQUEST.INVALID', message: refused };
    const unavailable = databaseUnavailable(error);
    if (unavailable) return unavailable;
    // Errors that carry an HTTP status of their own (http-errors' kind, as connect-style libraries
    // make them); Fastify's own refusals reach here as HttpExceptions.
    const status = (error as { status?: unknown })?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const message = (error as Error).message || 'Bad request';
      return { statusCode: status, code: CODE_BY_STATUS[status] ?? `HTTP.${status}`, message };
    }
    return {
      statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    };
  }
}
