import type { Server, ServerResponse } from 'node:http';
import { INestApplication, Logger } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';

/** The signals a process stops on: SIGTERM from an orchestrator, SIGINT from Ctrl+C. */
const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * On SIGTERM or SIGINT: stop accepting connections, finish the requests in flight, close the event
 * consumer (it finishes its message, commits its offsets and leaves its group), stop the outbox relay,
 * close the pools, then exit 0. Nest's default re-raises the signal instead, so the process would
 * end "killed by SIGTERM", which an orchestrator reads as a failure.
 *
 * Node's `server.close()` closes only the connections idle at that moment; a keep-alive connection
 * busy then (the gateway's pool to a service under load) would carry new requests for as long as
 * they come, and the process would never get to exit. So once stopping, every answer says
 * `Connection: close`, and each connection that falls idle is closed.
 */
export function stopGracefullyOnSignals(app: INestApplication, fastify: FastifyInstance): void {
  listenForStop();
  const closeIdle = () => (app.getHttpServer() as Server).closeIdleConnections();
  const closeOnceAnswered = (res: ServerResponse) => {
    if (stopping) res.setHeader('Connection', 'close');
    res.once('finish', () => {
      if (stopping) setImmediate(closeIdle);
    });
  };
  fastify.addHook('onRequest', (_request, reply, done) => {
    closeOnceAnswered(reply.raw);
    done();
  });
  app.enableShutdownHooks([...SIGNALS], { useProcessExit: true });
}

/** Set by the first signal; one flag per process, however many apps (integration tests) it runs. */
let stopping = false;
let listening = false;

function listenForStop(): void {
  if (listening) return;
  listening = true;
  const logger = new Logger('Shutdown');
  for (const signal of SIGNALS) {
    process.once(signal, () => {
      stopping = true;
      const since = Date.now();
      logger.log(`${signal}: finishing the requests and events in flight, then exiting`);
      process.once('exit', (code) => logger.log(`stopped in ${Date.now() - since} ms (exit ${code})`));
    });
  }
}
