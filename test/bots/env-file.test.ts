import { spawn } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EnvFileError, loadEnvFile, parseEnvText } from '../../src/bots/env-file.js';
import { BIN } from './cli-process.js';

/**
 * `.env` is read strictly (docs/operations.md §3.4): a line Node's parser would drop without a word
 * refuses the start, named by file and line, the value never shown; a variable the environment
 * overrides is said once; a file holding a secret that others may read is said once.
 */
function run(
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'start'], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const KEY = 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c=';

describe('parseEnvText', () => {
  it('reads blank lines, comments, KEY=value, export KEY=value and balanced quotes', () => {
    const text = [
      '# settings',
      '',
      'A=plain # a comment',
      'export B=exported',
      'C = "spaced # kept"',
      "D='single'",
      'E="two',
      'lines"',
      'F=',
    ].join('\n');
    expect(parseEnvText(text, '/x/.env')).toEqual([
      ['A', 'plain'],
      ['B', 'exported'],
      ['C', 'spaced # kept'],
      ['D', 'single'],
      ['E', 'two\nlines'],
      ['F', ''],
    ]);
  });

  it.each([
    ['BOT_ENCRYPTION_KEY: secretvalue', 2, 'is not KEY=value'],
    ['BOT_ENCRYPTION_KEY="secretvalue', 2, 'never closed'],
    ['BOT_ENCRYPTION_KEY=secretvalue"', 2, 'quote inside an unquoted value'],
    ['BOT_ENCRYPTION_KEY="secret"value', 2, 'never closed'],
    ['"BOT_ENCRYPTION_KEY=secretvalue"', 2, 'is not KEY=value'],
  ])('%j is refused naming the file and the line, never the value', (line, at, why) => {
    const text = `LOG_LEVEL=info\n${line}\nLANG=de\n`;
    expect(() => parseEnvText(text, '/x/.env')).toThrow(EnvFileError);
    try {
      parseEnvText(text, '/x/.env');
    } catch (err) {
      expect((err as Error).message).toContain(`/x/.env line ${at} `);
      expect((err as Error).message).toContain(why);
      expect((err as Error).message).not.toContain('secret');
    }
  });
});

describe('loadEnvFile', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tbot-env-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('never overwrites the environment, and names once each variable it overrides', () => {
    const file = join(dir, '.env');
    writeFileSync(file, 'LANG=de\nLOG_LEVEL=debug\nRATE_LIMIT_PER_MINUTE=5\nHEALTH_PORT=1\n', {
      mode: 0o600,
    });
    const env: NodeJS.ProcessEnv = { LANG: 'en_US.UTF-8', LOG_LEVEL: 'warn', HEALTH_PORT: '1' };
    const report = loadEnvFile(file, env);
    expect(env).toEqual({
      LANG: 'en_US.UTF-8',
      LOG_LEVEL: 'warn',
      HEALTH_PORT: '1',
      RATE_LIMIT_PER_MINUTE: '5',
    });
    expect(report?.warnings).toEqual([
      `telephony-bot: LANG, LOG_LEVEL are set both in the environment and in ${file}; the environment wins, the file's value is not used.`,
    ]);
  });

  it('a file with a secret that others may read is said once, naming the names, not the values', () => {
    const file = join(dir, '.env');
    writeFileSync(file, `BOT_ENCRYPTION_KEY=${KEY}\nSLACK_BOT_TOKEN=xoxb-1\nLOG_LEVEL=info\n`);
    chmodSync(file, 0o644);
    const warnings = loadEnvFile(file, {})?.warnings ?? [];
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(
      'holds BOT_ENCRYPTION_KEY, SLACK_BOT_TOKEN and other users may read it (mode 0644)',
    );
    expect(warnings[0]).toContain(`chmod 600 ${file}`);
    expect(warnings[0]).not.toContain(KEY);
    chmodSync(file, 0o600);
    expect(loadEnvFile(file, {})?.warnings).toEqual([]);
  });

  it('a readable file without a secret is not worth a warning', () => {
    const file = join(dir, '.env');
    writeFileSync(file, 'LOG_LEVEL=info\nBOT_ENCRYPTION_KEY=\n');
    chmodSync(file, 0o644);
    expect(loadEnvFile(file, {})?.warnings).toEqual([]);
  });
});

describe('telephony-bot start with a .env', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tbot-env-start-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('a mis-quoted key refuses the start (exit 2), naming file and line, and no key is generated', async () => {
    writeFileSync(join(dir, '.env'), `LOG_LEVEL=info\nBOT_ENCRYPTION_KEY="${KEY}\n`, { mode: 0o600 });
    const r = await run(dir, { DATA_DIR: join(dir, 'data') });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `${join(dir, '.env')} line 2 (BOT_ENCRYPTION_KEY) opens a " quote that is never closed`,
    );
    expect(r.stderr).not.toContain(KEY);
    expect(r.stdout).toBe('');
  }, 30_000);
});
