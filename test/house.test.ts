import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The house rules (docs/architecture.md §7), kept true by reading the sources: no file in src/
 * over 300 lines, no function over 60, and no command named in the dispatcher (what differs
 * between commands is a field of the command table, never `spec.name === '…'`). Each failure
 * lists its offenders, so the fix is obvious. Split code by what it holds; never collapse lines.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');

const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 60;

/** The dispatcher: every file of its room, src/core/dispatch/ (docs/architecture.md §2). */
const DISPATCHER = readdirSync(join(src, 'core', 'dispatch'))
  .filter((name) => name.endsWith('.ts'))
  .map((name) => join(src, 'core', 'dispatch', name));

/**
 * A name check in the dispatcher: `spec.name === …` or `name === '…'` (the grep), or a
 * command looked up by a name written in it (`byName.get('hangup')`).
 */
const NAME_CHECK = /spec\.name ===|name === '|byName\.get\(['`]/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Physical lines: a file ending in a newline has as many lines as newline characters. */
function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

const FUNCTION_KINDS = new Set([
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.FunctionExpression,
  ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
  ts.SyntaxKind.Constructor,
]);

interface LongFunction {
  where: string;
  name: string;
  lines: number;
}

/**
 * Every function (declaration, expression, arrow, method, accessor, constructor) with a body longer
 * than `max` lines, measured as physical lines from the node's first token to its end, comments
 * and blank lines inside included (a JSDoc above it is not part of it).
 */
function longFunctions(fileName: string, text: string, max: number): LongFunction[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (FUNCTION_KINDS.has(node.kind) && (node as ts.FunctionLikeDeclaration).body) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      const name = ts.isConstructorDeclaration(node)
        ? 'constructor'
        : ((node as ts.FunctionLikeDeclaration).name?.getText(file) ?? '(anonymous)');
      if (lines > max) found.push({ where: `${fileName}:${first + 1}`, name, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const files = sourceFiles(src).map((path) => ({
  path,
  shown: relative(root, path),
  text: readFileSync(path, 'utf8'),
}));

describe('the house rules (docs/architecture.md §7)', () => {
  it('reads the sources it judges', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(DISPATCHER.filter((path) => files.some((f) => f.path === path)).length).toBeGreaterThan(3);
  });

  it(`no file in src/ is over ${MAX_FILE_LINES} lines`, () => {
    const over = files
      .map((f) => ({ file: f.shown, lines: lineCount(f.text) }))
      .filter((f) => f.lines > MAX_FILE_LINES)
      .sort((a, b) => b.lines - a.lines)
      .map((f) => `${f.lines}\t${f.file}`);
    expect(over, `files over ${MAX_FILE_LINES} lines: split them by what they hold`).toEqual([]);
  });

  it(`no function in src/ is over ${MAX_FUNCTION_LINES} lines`, () => {
    const over = files
      .flatMap((f) => longFunctions(f.shown, f.text, MAX_FUNCTION_LINES))
      .sort((a, b) => b.lines - a.lines)
      .map((f) => `${f.lines}\t${f.where}\t${f.name}`);
    expect(over, `functions over ${MAX_FUNCTION_LINES} lines: extract coherent, named steps`).toEqual([]);
  });

  it('the dispatcher names no command: what differs is a field of the command table', () => {
    const hits = files
      .filter((f) => DISPATCHER.includes(f.path))
      .flatMap((f) =>
        f.text
          .split('\n')
          .map((line, i) => ({ line, at: `${f.shown}:${i + 1}` }))
          .filter(({ line }) => NAME_CHECK.test(line))
          .map(({ line, at }) => `${at}\t${line.trim()}`),
      );
    expect(hits, 'name checks in the dispatcher').toEqual([]);
  });
});

describe('the measures the house rules use', () => {
  const body = (n: number) => Array.from({ length: n }, (_, i) => `  // line ${i}`).join('\n');

  it('counts a function from its first token to its closing brace, comments inside included', () => {
    const fits = `/** doc\n * not counted\n */\nfunction fits() {\n${body(58)}\n}\n`;
    const over = `function over() {\n${body(59)}\n}\n`;
    expect(longFunctions('a.ts', fits, 60)).toEqual([]);
    expect(longFunctions('b.ts', over, 60)).toEqual([{ where: 'b.ts:1', name: 'over', lines: 61 }]);
  });

  it('finds arrows, function expressions, methods, accessors and constructors, nested ones too', () => {
    const code = [
      `const arrow = () => {\n${body(60)}\n};`,
      `const expr = function named() {\n${body(60)}\n};`,
      `class K {\n  constructor() {\n${body(60)}\n  }\n  method() {\n${body(60)}\n  }\n  get value() {\n${body(60)}\n  return 1;\n  }\n  set value(v: number) {\n${body(60)}\n  }\n}`,
      `function outer() {\n  const inner = () => {\n${body(60)}\n  };\n}`,
    ].join('\n');
    const names = longFunctions('c.ts', code, 60).map((f) => f.name);
    expect(names).toEqual(
      expect.arrayContaining(['(anonymous)', 'named', 'constructor', 'method', 'value', 'outer']),
    );
    expect(names.filter((n) => n === '(anonymous)')).toHaveLength(2);
    expect(names.filter((n) => n === 'value')).toHaveLength(2);
  });

  it('counts physical lines of a file', () => {
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('')).toBe(0);
  });

  it('matches the issue grep for name checks', () => {
    expect(NAME_CHECK.test("if (spec.name === 'card') return;")).toBe(true);
    expect(NAME_CHECK.test("const hangup = name === 'hangup';")).toBe(true);
    expect(NAME_CHECK.test("const spec = e.byName.get('hangup');")).toBe(true);
    expect(NAME_CHECK.test('const spec = e.byName.get(action.command);')).toBe(false);
    expect(NAME_CHECK.test('if (spec.output === "personal") return;')).toBe(false);
  });
});
