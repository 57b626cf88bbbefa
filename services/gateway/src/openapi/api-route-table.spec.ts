import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import ts from 'typescript';
import { gatewayRoutes, previewGatewayApp } from './gateway-routes';

/** `/api` routes that answer no JSON body a client reads: redirects, an event stream, the docs. */
const NOT_JSON = [
  'GET /api/login',
  'GET /api/callback',
  'GET /api/logout',
  'GET /api/notifications/stream',
  'GET /api/docs',
  'GET /api/docs.json',
];

const ROUTE_TABLE = join(__dirname, '../../../../libs/contracts/src/api/routes.ts');

/** The keys of `ApiAnswers`, read from the contract's source (a type has no value to read at run time). */
function contractRoutes(): string[] {
  const source = ts.createSourceFile(ROUTE_TABLE, readFileSync(ROUTE_TABLE, 'utf8'), ts.ScriptTarget.Latest);
  const table = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === 'ApiAnswers',
  );
  if (!table) throw new Error(`no ApiAnswers interface in ${ROUTE_TABLE}`);
  return table.members.map((member) => (member.name as ts.StringLiteral).text);
}

/** `GET /api/posts/:postId` and `GET /api/posts/{id}` alike: parameter names aside. */
const shape = (route: string) => route.replace(/:\w+|\{\w+\}/g, '{}');

/**
 * The contract's route table types the SPA's fake gateway and e2e's members (libs/contracts,
 * routes.ts): a route missing from it can't be faked or called typed, so a new one would be tested
 * with `any`. This holds the table to the routes the gateway registers, both ways.
 */
describe("the contract's route table (ApiAnswers)", () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await previewGatewayApp();
  });
  afterAll(() => app.close());

  it('names every JSON route under /api the gateway registers, and no other', () => {
    const registered = gatewayRoutes(app)
      .map((route) => `${route.method.toUpperCase()} ${route.path}`)
      .filter((route) => route.split(' ')[1].startsWith('/api/') && !NOT_JSON.includes(route));
    expect(registered.length).toBeGreaterThan(40);
    expect([...new Set(contractRoutes().map(shape))].sort()).toEqual(
      [...new Set(registered.map(shape))].sort(),
    );
  });
});
