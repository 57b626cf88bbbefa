// @ts-check
// Where a service's SQL may live (docs/architecture.md, "One way to reach a table"): in a
// `*.queries.ts` beside the service that owns the table, in migrations, or in seeds. This finds SQL
// anywhere else under services/*/src: SQL text in a string or template literal, or a raw query call
// (`.query(…)`, `queryNamed(…)`), read from the syntax tree so comments and prose never count.
// Run: node scripts/conventions/sql-placement.mjs (the unit test in sql-placement.test.mjs runs it).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Statements as the codebase writes them: keywords in capitals, tables in lower case. */
const SQL_TEXT =
  /\bSELECT\b[\s\S]*\bFROM\b|\bINSERT\s+INTO\b|\bDELETE\s+FROM\b|\bUPDATE\s+[a-z_]+\s+SET\b|\bON\s+CONFLICT\b|\bFROM\s+[a-z_]+(?:\s+[a-z]+)?\s+(?:WHERE|JOIN|ORDER\s+BY)\b/;

/** Files that may hold SQL: the queries files, migrations, seeds, and unit specs (fixtures). */
export function mayHoldSql(file) {
  return /\.queries\.ts$|\/migrations\/|\/seed[^/]*\.ts$|\.spec\.ts$/.test(file);
}

/**
 * Where `source` (the text of `file`) holds SQL: one finding per literal or call, with its line.
 * @returns {{ file: string, line: number, found: string }[]}
 */
export function findSql(file, source) {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  /** @type {{ file: string, line: number, found: string }[]} */
  const findings = [];
  const report = (node, found) =>
    findings.push({ file, line: tree.getLineAndCharacterOfPosition(node.getStart()).line + 1, found });
  const visit = (node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'query')
        report(node, 'a .query() call');
      if (ts.isIdentifier(callee) && callee.text === 'queryNamed') report(node, 'a queryNamed() call');
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (SQL_TEXT.test(node.text)) report(node, 'SQL text');
    } else if (ts.isTemplateExpression(node)) {
      const text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
      if (SQL_TEXT.test(text)) report(node, 'SQL text');
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return findings;
}

/** Every TypeScript file under services/*\/src, relative to the repository's root. */
export function serviceSources(root = REPO_ROOT) {
  const servicesDir = path.join(root, 'services');
  return readdirSync(servicesDir).flatMap((service) =>
    readdirSync(path.join(servicesDir, service, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => path.posix.join('services', service, 'src', name.split(path.sep).join('/'))),
  );
}

/** The SQL outside its homes in the repository's services. */
export function misplacedSql(root = REPO_ROOT) {
  return serviceSources(root)
    .filter((file) => !mayHoldSql(file))
    .flatMap((file) => findSql(file, readFileSync(path.join(root, file), 'utf8')));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const findings = misplacedSql();
  for (const { file, line, found } of findings) console.log(`${file}:${line}: ${found}`);
  process.exitCode = findings.length > 0 ? 1 : 0;
}
