// @ts-check
// A consumer's handler makes one service call (docs/architecture.md, "One way to reach a table"):
// each `@OnEvent` method's body is one statement that calls one method of an injected service, so
// what a handler does to the tables lives, and is tested, in the service. This finds the handlers
// under services/*/src that do more.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { REPO_ROOT, serviceSources } from './sql-placement.mjs';

/** `this.<service>.<method>(…)` */
const isServiceCall = (node) =>
  ts.isCallExpression(node) &&
  ts.isPropertyAccessExpression(node.expression) &&
  ts.isPropertyAccessExpression(node.expression.expression) &&
  node.expression.expression.expression.kind === ts.SyntaxKind.ThisKeyword;

const isOnEvent = (decorator) =>
  ts.isCallExpression(decorator.expression) &&
  ts.isIdentifier(decorator.expression.expression) &&
  decorator.expression.expression.text === 'OnEvent';

/**
 * The `@OnEvent` handlers in `source` that are not one statement with one service call.
 * @returns {{ file: string, handler: string }[]}
 */
export function busyHandlers(file, source) {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  /** @type {{ file: string, handler: string }[]} */
  const busy = [];
  const visit = (node) => {
    if (ts.isMethodDeclaration(node) && (ts.getDecorators(node) ?? []).some(isOnEvent)) {
      let calls = 0;
      const count = (inner) => {
        if (isServiceCall(inner)) calls++;
        ts.forEachChild(inner, count);
      };
      if (node.body) count(node.body);
      if (node.body?.statements.length !== 1 || calls !== 1)
        busy.push({ file, handler: node.name.getText(tree) });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return busy;
}

/** The handlers of every service's consumers that do more than one service call. */
export function busyConsumerHandlers(root = REPO_ROOT) {
  return serviceSources(root)
    .filter((file) => file.endsWith('.consumer.ts'))
    .flatMap((file) => busyHandlers(file, readFileSync(path.join(root, file), 'utf8')));
}
