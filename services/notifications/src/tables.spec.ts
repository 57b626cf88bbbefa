import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * One way to reach a table: each table the service's migrations create has one `<table>.queries.ts`
 * (its statements and row types), the only file that writes it; no other file sends SQL.
 */
const SRC = __dirname;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? entry.name === 'migrations'
        ? []
        : sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')
        ? [join(dir, entry.name)]
        : [],
  );

const tables = readdirSync(join(SRC, 'migrations')).flatMap((file) =>
  [...readFileSync(join(SRC, 'migrations', file), 'utf8').matchAll(/CREATE TABLE (\w+)/g)].map(
    ([, table]) => table,
  ),
);
const files = sourceFiles(SRC).map((path) => ({
  path: relative(SRC, path),
  text: readFileSync(path, 'utf8'),
}));
const queriesFileOf = (table: string) => `${table.replace(/_/g, '-')}.queries.ts`;

describe("the notifications service's tables", () => {
  it('finds the tables its migrations create', () => {
    expect(tables).toEqual(
      expect.arrayContaining([
        'members',
        'follows',
        'posts',
        'notifications',
        'push_subscriptions',
        'unread_counters',
        'blocks',
        'mutes',
      ]),
    );
  });

  it.each(tables)('%s has one queries file, the only one that writes it', (table) => {
    const owners = files
      .filter(({ path }) => path.endsWith(`/${queriesFileOf(table)}`))
      .map(({ path }) => path);
    expect(owners).toHaveLength(1);
    const writes = new RegExp(`(INSERT INTO|UPDATE|DELETE FROM) ${table}\\b`);
    expect(
      files.filter(({ path, text }) => writes.test(text) && path !== owners[0]).map(({ path }) => path),
    ).toEqual([]);
  });

  it('sends SQL from the queries files only', () => {
    const sendsSql = /\.query\s*[<(]|queryNamed\s*[<(]/;
    expect(
      files
        .filter(({ path, text }) => !path.endsWith('.queries.ts') && sendsSql.test(text))
        .map(({ path }) => path),
    ).toEqual([]);
  });
});
