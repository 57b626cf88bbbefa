import type { INestApplication } from '@nestjs/common';
import { fastifyOf } from '@daybreak/nest-common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { errorBody, healthStatus } from './common-schemas';
import { jsonSchemaOf } from './api-doc';

const DOCS_PATH = 'api/docs';
const DOCS_JSON_PATH = 'api/docs.json';

const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete']);

/**
 * The OpenAPI 3.1 description of every route the gateway registers, from the controllers and their
 * `@ApiDoc` (zod schemas). Documented here once rather than on each route: every route may answer
 * 400/413 for a body the parser refuses (Fastify reads none on GET and HEAD; documented alike), every
 * state-changing /api route 403 for another site's Origin (the origin check runs before any route),
 * and the health probes (shared by every service, in libs/nest-common) their status.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Daybreak gateway API')
    .setDescription(
      'The API the Daybreak SPA uses. Errors answer `{statusCode, code, message}`; members sign in at /api/login (a session cookie).',
    )
    .setVersion('1')
    .build();
  const document = SwaggerModule.createDocument(app, config);
  document.openapi = '3.1.0';
  const error = {
    description: 'Error',
    content: { 'application/json': { schema: jsonSchemaOf(errorBody) } },
  };
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      // Any body is parsed before the route runs: unreadable JSON is a 400, one over the limit a 413.
      operation.responses['400'] ??= error;
      operation.responses['413'] ??= error;
      if (STATE_CHANGING.has(method) && path.startsWith('/api/')) operation.responses['403'] ??= error;
      if (path.startsWith('/health/')) {
        operation.responses['200'] = {
          description: "Up (ready: with each dependency's check)",
          content: { 'application/json': { schema: jsonSchemaOf(healthStatus) } },
        };
        operation.responses['503'] = { ...error, description: 'Not ready: a dependency is down' };
      }
    }
  }
  return document;
}

/**
 * Swagger UI at /api/docs and the JSON at /api/docs.json. The UI page loads its scripts from files
 * (swagger-ui-init.js included), so the CSP's `script-src 'self'` holds there too.
 */
export function serveApiDocs(app: INestApplication): void {
  refuseSwaggerSourceMaps(app);
  SwaggerModule.setup(DOCS_PATH, app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: DOCS_JSON_PATH,
    raw: ['json'],
  });
}

/** A source map's path under the docs, however its letters are spelled or encoded. */
const DOCS_SOURCE_MAP = new RegExp(`^/${DOCS_PATH}/.*\\.map$`, 'i');

/**
 * swagger-ui-dist ships source maps beside its scripts, and the docs' static route would serve them
 * all: the gateway publishes no source map (issue 40), ours or a library's.
 */
function refuseSwaggerSourceMaps(app: INestApplication): void {
  fastifyOf(app).addHook('onRequest', (request, reply, done) => {
    const query = request.url.indexOf('?');
    const path = query === -1 ? request.url : request.url.slice(0, query);
    let decoded = path;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      // left as it is: the router answers 400 for it
    }
    if (!DOCS_SOURCE_MAP.test(decoded)) return done();
    void reply.code(404).send({ statusCode: 404, code: 'REQUEST.NOT_FOUND', message: `Cannot GET ${path}` });
  });
}
