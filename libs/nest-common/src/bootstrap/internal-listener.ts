import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PLATFORM_PATHS } from '@daybreak/observability';

/**
 * `/metrics` and `/health/*` on a port of their own, for Prometheus and the orchestrator's probes,
 * and nowhere else: the public listener answers 404 for them. Metrics name routes, error rates and
 * the process' memory, and readiness lists the dependencies that are down, which is a map for an
 * attacker and none of a member's business; a scraper hammering `/health/ready` would also make every
 * check run against Postgres, Redis and Kafka.
 *
 * The internal listener hands its requests to the same Fastify router (`fastify.routing`), so the
 * health routes and the metrics hook are the ones the app already has; a request is internal when it
 * came through that listener's server, which no header can fake.
 */
export function servePlatformPathsApart(fastify: FastifyInstance, port: number): InternalListener {
  const internalRequests = new WeakSet<IncomingMessage>();
  const server = createServer((req, res) => {
    if (!PLATFORM_PATHS.test(pathOf(req.url ?? '/'))) return notFound(res);
    internalRequests.add(req);
    fastify.routing(req, res);
  });
  // First of the app's hooks (configureServiceApp), so the public listener never reaches the
  // metrics hook or a health route.
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    if (internalRequests.has(request.raw) || !isPlatformRequest(request)) return done();
    void reply.code(404).send({
      statusCode: 404,
      code: 'REQUEST.NOT_FOUND',
      message: `Cannot ${request.method} ${pathOf(request.url)}`,
    });
  });
  const listener = new InternalListener(server, port);
  listeners.set(fastify, listener);
  fastify.addHook('onListen', async function () {
    await listener.listen(this.server.address() as AddressInfo | null);
  });
  fastify.addHook('onClose', async () => listener.close());
  return listener;
}

const listeners = new WeakMap<FastifyInstance, InternalListener>();

/** The app's internal listener, if it has one (tests read the port the OS picked). */
export const internalListenerOf = (fastify: FastifyInstance): InternalListener | undefined =>
  listeners.get(fastify);

/** The internal port's server; it listens on the public one's host once that listens. */
export class InternalListener {
  constructor(
    private readonly server: Server,
    private readonly port: number,
  ) {}

  /** The port it listens on (the configured one, or the one the OS picked for 0). */
  get address(): AddressInfo | null {
    return this.server.address() as AddressInfo | null;
  }

  async listen(publicAddress: AddressInfo | null): Promise<void> {
    const host = publicAddress?.address ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    if (!this.server.listening) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * The raw path, or a route the router matched: `/%68ealth/ready` is decoded by the router into the
 * health route, so the path alone would let it through.
 */
function isPlatformRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return PLATFORM_PATHS.test(pathOf(request.url)) || (route !== undefined && PLATFORM_PATHS.test(route));
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ statusCode: 404, code: 'REQUEST.NOT_FOUND', message: 'Not an internal path' }));
}
