import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * CSRF defence in depth (the session cookie is SameSite=Lax too): a state-changing request that a
 * browser sends from another site carries that site's Origin, and is refused. Requests without
 * Origin or Referer come from non-browser clients, which cannot ride on a member's cookie.
 */
export function originCheck(allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  return (req: Request, res: Response, next: NextFunction): void => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = originOf(req.header('origin')) ?? originOf(req.header('referer'));
    if (origin === null || allowed.has(origin)) return next();
    res.status(403).json({
      statusCode: 403,
      code: 'AUTH.BAD_ORIGIN',
      message: 'Request refused: it did not come from this site.',
    });
  };
}
