// @ts-check
// How a test starts and stops a service (libs/testing, serviceUnderTest): a describe block asks for
// its service with `serviceUnderTest(start)`, or a service's own starter built on it (e.g.
// `postsUnderTest()`), which starts it before the tests and stops it, with the shared test producer,
// after them. This finds the test files under services/*/test and libs/*/test that write that setup
// by hand again: the test producer stopped by hand, or a running service's app closed in an
// `afterAll`. A service started and stopped inside one test (a second process, a restart) is not setup.
// Run: node --test scripts/conventions/ (service-setup.test.mjs).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { REPO_ROOT } from './sql-placement.mjs';

/** `<anything>.app.close(…)`: a RunningService stopped. */
const isAppClose = (node) =>
  ts.isCallExpression(node) &&
  ts.isPropertyAccessExpression(node.expression) &&
  node.expression.name.text === 'close' &&
  ts.isPropertyAccessExpression(node.expression.expression) &&
  node.expression.expression.name.text === 'app';

const isHook = (node, name) =>
  ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name;

/**
 * Where `source` (the text of `file`) writes a service's setup by hand: one finding per place.
 * @returns {{ file: string, line: number, found: string }[]}
 */
export function handWrittenSetup(file, source) {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  /** @type {{ file: string, line: number, found: string }[]} */
  const findings = [];
  const report = (node, found) =>
    findings.push({ file, line: tree.getLineAndCharacterOfPosition(node.getStart()).line + 1, found });
  const visit = (node, inAfterAll) => {
    if (ts.isIdentifier(node) && node.text === 'disconnectTestProducer' && !ts.isImportSpecifier(node.parent))
      report(node, 'the test producer stopped by hand');
    if (inAfterAll && isAppClose(node)) report(node, "a service's app closed in afterAll");
    const inside = inAfterAll || isHook(node, 'afterAll');
    ts.forEachChild(node, (child) => visit(child, inside));
  };
  visit(tree, false);
  return findings;
}

/** Every TypeScript file under services/*\/test and libs/*\/test, relative to the repository's root. */
export function testSources(root = REPO_ROOT) {
  return ['services', 'libs'].flatMap((top) =>
    readdirSync(path.join(root, top)).flatMap((project) => {
      const dir = path.join(root, top, project, 'test');
      let names;
      try {
        names = readdirSync(dir, { recursive: true, encoding: 'utf8' });
      } catch {
        return [];
      }
      return names
        .filter((name) => name.endsWith('.ts'))
        .map((name) => path.posix.join(top, project, 'test', name.split(path.sep).join('/')));
    }),
  );
}

/** Every place a test file writes a service's setup by hand. */
export function handWrittenSetups(root = REPO_ROOT) {
  return testSources(root).flatMap((file) =>
    handWrittenSetup(file, readFileSync(path.join(root, file), 'utf8')),
  );
}

if (import.meta.url === `file://${process.argv[1]}`)
  for (const { file, line, found } of handWrittenSetups()) console.log(`${file}:${line}: ${found}`);
