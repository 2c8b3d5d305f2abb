import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The `.env` file of the directory the bot starts in, read into `process.env` before the
 * configuration is checked (docs/operations.md §3.4). The environment wins over the file: a
 * variable already set (by the shell, Docker or compose) is not overwritten, so `.env` holds
 * defaults for a checkout. Node's own parser drops a line it cannot read without a word (a
 * mis-quoted BOT_ENCRYPTION_KEY, and a fresh key was generated in its place), so the file is read
 * here, strictly: every line is blank, a comment, `KEY=value` or `export KEY=value` with balanced
 * quotes, or the start is refused naming the file and the line, never the value.
 */
export class EnvFileError extends Error {
  override name = 'EnvFileError';
}

/** What a read `.env` says, besides the values it set. */
export interface EnvFileReport {
  file: string;
  /** Lines for stderr: a variable the environment overrides, a file others may read. */
  warnings: string[];
}

const KEY = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/s;
const QUOTES = ['"', "'", '`'];

/** Names that hold a secret: a `.env` holding one must be the owner's alone. */
const SECRET_NAME = /(KEY|TOKEN|SECRET|PASSWORD|PIN)(_PREVIOUS)?$/;

/**
 * `KEY=value` pairs of a `.env` text, in order. A quoted value may span lines (as Node's parser
 * allows); `\n` in double quotes is a newline; an unquoted value ends at ` #`. Throws
 * {@link EnvFileError} naming `file` and the line of the first line that is none of these.
 */
export function parseEnvText(text: string, file: string): Array<[string, string]> {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    const m = KEY.exec(line);
    if (!m) throw lineError(file, i + 1, 'is not KEY=value (nor blank, a comment or export KEY=value)');
    const [, name, raw] = m as unknown as [string, string, string];
    const quote = raw[0] ?? '';
    if (!QUOTES.includes(quote)) {
      const value = raw.replace(/\s+#.*$/, '').trim();
      if (QUOTES.some((q) => value.includes(q)))
        throw lineError(file, i + 1, `(${name}) has a quote inside an unquoted value; quote the whole value`);
      pairs.push([name, value]);
      continue;
    }
    const quoted = readQuoted(lines, i, raw, quote);
    if (!quoted) throw lineError(file, i + 1, `(${name}) opens a ${quote} quote that is never closed`);
    pairs.push([name, quote === '"' ? quoted.value.replace(/\\n/g, '\n') : quoted.value]);
    i = quoted.lastLine;
  }
  return pairs;
}

/** The value between `quote` and its closing twin, from line `at` on; after it only a comment. */
function readQuoted(
  lines: string[],
  at: number,
  raw: string,
  quote: string,
): { value: string; lastLine: number } | undefined {
  let text = raw.slice(1);
  for (let i = at; i < lines.length; i++) {
    const close = text.indexOf(quote);
    if (close >= 0) {
      const rest = text.slice(close + 1).trim();
      if (rest !== '' && !rest.startsWith('#')) return undefined;
      return { value: text.slice(0, close), lastLine: i };
    }
    if (i + 1 < lines.length) text += `\n${lines[i + 1]}`;
  }
  return undefined;
}

function lineError(file: string, line: number, what: string): EnvFileError {
  return new EnvFileError(
    `${file} line ${line} ${what}. Write NAME=value, or NAME="value" for one with spaces, # or quotes, e.g. LOG_LEVEL=info.`,
  );
}

/**
 * Reads `path` into `env` (never over a variable already set) and returns what to warn about:
 * one line naming the variables the environment overrides (docs/operations.md §3.4), one line
 * when the file holds a secret and others may read it (docs/operations.md §3.4). Undefined without a file.
 */
export function loadEnvFile(path = '.env', env: NodeJS.ProcessEnv = process.env): EnvFileReport | undefined {
  const file = resolve(path);
  if (!existsSync(file)) return undefined;
  const pairs = parseEnvText(readFileSync(file, 'utf8'), file);
  const overridden: string[] = [];
  for (const [name, value] of pairs) {
    if (env[name] === undefined) env[name] = value;
    else if (env[name] !== value && !overridden.includes(name)) overridden.push(name);
  }
  const warnings: string[] = [];
  if (overridden.length)
    warnings.push(
      `telephony-bot: ${overridden.join(', ')} ${overridden.length === 1 ? 'is' : 'are'} set both in the environment and in ${file}; the environment wins, the file's value is not used.`,
    );
  const secrets = pairs.filter(([name, value]) => value !== '' && SECRET_NAME.test(name)).map(([n]) => n);
  const mode = statSync(file).mode & 0o777;
  if (secrets.length && mode & 0o044)
    warnings.push(
      `telephony-bot: ${file} holds ${[...new Set(secrets)].join(', ')} and other users may read it (mode ${mode.toString(8).padStart(4, '0')}); make it yours alone: chmod 600 ${file}`,
    );
  return { file, warnings };
}

/**
 * The CLI's reading of `.env`: loads it, prints its warnings once on stderr, and remembers the file
 * for the start banner. A malformed line throws {@link EnvFileError} (exit 2, like a setting).
 */
export function readEnvFile(path = '.env'): string | undefined {
  const report = loadEnvFile(path);
  if (!report) return undefined;
  for (const warning of report.warnings) process.stderr.write(`${warning}\n`);
  envFileRead = report.file;
  return report.file;
}

/** The file {@link readEnvFile} read, for the start banner; undefined when there was none. */
export let envFileRead: string | undefined;
