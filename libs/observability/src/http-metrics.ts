import { trace } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import { METRICS_CONTENT_TYPE, collectNodeMetrics, httpRequestDuration, renderMetrics } from './metrics';

/** Paths that are the platform's, not the product's: no trace, no latency sample. */
export const PLATFORM_PATHS = /^\/(metrics|health)(\/|$)/;

/**
 * Times every request by its route template (`/posts/:postId/like`, never the concrete path, so the
 * number of series stays bounded). Requests no route matched (static files, 404s) count as `unrouted`.
 */
export function httpMetricsMiddleware(req: Request, res: Response, next: NextFunction): void {
  if (PLATFORM_PATHS.test(req.path)) return next();
  const stop = httpRequestDuration.startTimer();
  const serverSpan = trace.getActiveSpan();
  res.once('finish', () => {
    const routePath = (req.route as { path?: string } | undefined)?.path;
    const route = typeof routePath === 'string' ? `${req.baseUrl}${routePath}` : 'unrouted';
    stop({ method: req.method, route, status_code: String(res.statusCode) });
    // The trace's name says the route too ("POST /posts/:postId/like"), so a backend can search by it.
    if (route !== 'unrouted') {
      serverSpan?.setAttribute('http.route', route);
      serverSpan?.updateName(`${req.method} ${route}`);
    }
  });
  next();
}

/** `GET /metrics` in Prometheus' text format; also starts Node's own metrics. */
export function metricsEndpoint() {
  collectNodeMetrics();
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' || req.path !== '/metrics') return next();
    renderMetrics().then(
      (text) => res.type(METRICS_CONTENT_TYPE).send(text),
      (error: unknown) => next(error),
    );
  };
}
