// issue 28 item 2: no production function over 80 lines without a reason written beside it, and
// no production file over 400 lines. A long function is allowed when the comment just above it
// (or above the statement that declares it) has a line starting "Long:" saying why it reads
// better whole, e.g. "// Long: one table of the report's columns, read top to bottom". Tests,
// test support, migrations, generated files, scripts, bench and the browser tests are not
// production code and are not counted.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.join(import.meta.dirname, '..');
const MAX_FUNCTION_LINES = 80;
const MAX_FILE_LINES = 400;

const NOT_PRODUCTION =
  /(\.test\.tsx?$|\.d\.ts$|(^|\/)testing\/|(^|\/)test-support|^e2e\/|^bench\/|^scripts\/|\/migrations\/|\/generated\/|\.generated\.ts$)/;

export function productionFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return listed
    .split('\n')
    .filter((file) => file && !NOT_PRODUCTION.test(file))
    .sort();
}

type Finding = { file: string; line: number; name: string; lines: number };

/** The comments just above a node, and above the statement that declares it when it is a value. */
function leadingComments(source: ts.SourceFile, node: ts.Node): string {
  const holders: ts.Node[] = [node];
  let parent: ts.Node | undefined = node.parent;
  // `const x = (…) => {…}`, `export default function`, `{ key: () => {…} }`, `foo(() => {…})`:
  // the reason may sit above the declaration, the property or the call's statement.
  while (
    parent &&
    (ts.isVariableDeclaration(parent) ||
      ts.isVariableDeclarationList(parent) ||
      ts.isVariableStatement(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isExportAssignment(parent) ||
      ts.isCallExpression(parent) ||
      ts.isExpressionStatement(parent) ||
      ts.isParenthesizedExpression(parent) ||
      ts.isAsExpression(parent) ||
      ts.isSatisfiesExpression(parent))
  ) {
    holders.push(parent);
    if (ts.isVariableStatement(parent) || ts.isExpressionStatement(parent) || ts.isPropertyAssignment(parent))
      break;
    parent = parent.parent;
  }
  const text = source.getFullText();
  return holders
    .map((holder) =>
      (ts.getLeadingCommentRanges(text, holder.getFullStart()) ?? [])
        .map((range) => text.slice(range.pos, range.end))
        .join('\n'),
    )
    .join('\n');
}

const HAS_REASON = /^\s*(\/\/|\*|\/\*\*?)\s*Long:\s*\S/m;

function functionName(node: ts.Node): string {
  const named = (node as { name?: ts.Node }).name;
  if (named) return named.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (parent && ts.isCallExpression(parent))
    return `(argument of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

export function longFunctions(file: string): Finding[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Finding[] = [];
  // A reason above a long function covers the functions inside it (the callback of a
  // transaction that is the function's whole body, say): they are part of what it explains.
  const visit = (node: ts.Node, explained: boolean) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node)
    ) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > MAX_FUNCTION_LINES) {
        explained ||= HAS_REASON.test(leadingComments(source, node));
        if (!explained) found.push({ file, line: start + 1, name: functionName(node), lines });
      }
    }
    ts.forEachChild(node, (child) => visit(child, explained));
  };
  visit(source, false);
  return found;
}

describe('code size (issue 28 item 2)', () => {
  const files = productionFiles();

  it('finds the production code it is meant to check', () => {
    assert.ok(files.length > 300, `only ${files.length} production files found`);
    assert.ok(files.includes('services/bookings/src/bookings/routes.ts'));
    assert.ok(!files.some((file) => file.endsWith('.test.ts') || file.startsWith('e2e/')));
  });

  it('has no production file over 400 lines', () => {
    const long = files
      .map((file) => ({ file, lines: readFileSync(path.join(root, file), 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > MAX_FILE_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    assert.deepEqual(
      long,
      [],
      `split these files (at most ${MAX_FILE_LINES} lines each):\n${long.join('\n')}`,
    );
  });

  it('has no production function over 80 lines without a "Long:" reason above it', () => {
    const long = files
      .flatMap(longFunctions)
      .map(({ file, line, name, lines }) => `${file}:${line} ${name} (${lines} lines)`);
    assert.ok(
      long.length === 0,
      `split these functions, or write above each a comment line "Long: <why it reads better whole>":\n${long.join('\n')}`,
    );
  });

  it('counts a function as long and accepts a written reason', () => {
    const body = Array.from({ length: MAX_FUNCTION_LINES }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const check = (code: string) => {
      const source = ts.createSourceFile('x.ts', code, ts.ScriptTarget.Latest, true);
      let reason = '';
      let lines = 0;
      const visit = (node: ts.Node) => {
        if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node)) {
          lines =
            source.getLineAndCharacterOfPosition(node.getEnd()).line -
            source.getLineAndCharacterOfPosition(node.getStart(source)).line +
            1;
          reason = leadingComments(source, node);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      return { lines, explained: HAS_REASON.test(reason) };
    };
    assert.deepEqual(check(`function f() {\n${body}\n}`), {
      lines: MAX_FUNCTION_LINES + 2,
      explained: false,
    });
    assert.deepEqual(
      check(`// Long: one table read top to bottom\nfunction f() {\n${body}\n}`).explained,
      true,
    );
    assert.deepEqual(
      check(`/**\n * Does f.\n * Long: one table\n */\nexport const f = () => {\n${body}\n};`).explained,
      true,
    );
    assert.deepEqual(check(`// long enough\nfunction f() {\n${body}\n}`).explained, false);
  });
});
