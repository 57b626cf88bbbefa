import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { CORRELATION_HEADER, runWithContext } from './request-context';

const VALID_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Adopts the caller's correlation id (the gateway's) or starts one, and echoes it in the response. */
export function correlationMiddleware(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.header(CORRELATION_HEADER);
  const correlationId = incoming && VALID_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader(CORRELATION_HEADER, correlationId);
  runWithContext({ correlationId }, next);
}
