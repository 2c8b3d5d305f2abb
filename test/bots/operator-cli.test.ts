import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createInstallationStore } from '../../src/store/installation-store.js';
import { generateMasterKey, keyringFromKeys } from '../../src/store/master-key.js';
import { createSqliteKeyValueStore } from '../../src/store/sqlite-key-value-store.js';
import { BIN } from './cli-process.js';

/** Runs the CLI to its end with exactly `env` (plus PATH and HOME) in `cwd`; stdin is closed. */
function run(
  args: string[],
  env: Record<string, string> = {},
  options: { cwd?: string; uid?: number; gid?: number } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...options,
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

const version = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

describe('the command line answers without starting anything', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tbot-cli-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('--version prints the package version', async () => {
    const r = await run(['--version']);
    expect(r).toMatchObject({ code: 0, stdout: `telephony-bot ${version}\n` });
  });

  it.each([
    [['start', '--help'], 'usage: telephony-bot start'],
    [['sandbox', '--help'], 'usage: telephony-bot sandbox'],
    [['audit', 'export', '--help'], 'usage: telephony-bot audit export'],
    [['keys', 'rotate', '-h'], 'usage: telephony-bot keys rotate'],
    [['slack', 'installations', '--help'], 'usage: telephony-bot slack installations list'],
    [['config', '--help'], 'usage: telephony-bot config reference'],
  ])('%j prints its usage, exit 0, and opens nothing', async (args, usage) => {
    // A DATA_DIR that does not exist yet: any start would create it.
    const data = join(dir, 'data');
    const r = await run(args, { DATA_DIR: data });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(usage);
    expect(r.stdout).not.toContain('is running');
    expect(() => readFileSync(data)).toThrow();
  });

  it('a wrong-length BOT_ENCRYPTION_KEY on the console: exit 2, one refusal, no stack trace', async () => {
    const r = await run(['start'], { DATA_DIR: dir, BOT_ENCRYPTION_KEY: 'c2hvcnQ=' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('BOT_ENCRYPTION_KEY must be 32 random bytes');
    expect(r.stderr).not.toMatch(/sonic boom|\n\s+at /);
    expect(r.stdout).toBe('');
  });

  it('a provider URL with a path: exit 2 before anything starts, naming the origin to use', async () => {
    const r = await run(['start'], {
      DATA_DIR: dir,
      TELEPHONY_BASE_URL: 'https://api.example.com/api/rest/v2/',
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('use https://api.example.com');
  });

  it('reads ./.env, the environment wins, and a misspelt variable is named with the nearest setting', async () => {
    writeFileSync(
      join(dir, '.env'),
      '# trial settings\nTELEGRAM_BOT_TOKN=123:abc\nLOG_LEVEL=loud\nRATE_LIMIT_PER_MINUTE=5\n',
    );
    // From the file alone, LOG_LEVEL=loud is refused: the file was read.
    const fromFile = await run(['start'], { DATA_DIR: join(dir, 'd') }, { cwd: dir });
    expect(fromFile.code).toBe(2);
    expect(fromFile.stderr).toContain(
      'TELEGRAM_BOT_TOKN is not a setting and is ignored; did you mean TELEGRAM_BOT_TOKEN?',
    );
    expect(fromFile.stderr).toContain('The configuration is not valid: LOG_LEVEL: must be one of fatal');
    // One problem, one line (and the warning's line before it).
    expect(fromFile.stderr.trim().split('\n')).toHaveLength(2);
    expect(fromFile.stderr).not.toContain('123:abc');
    // The environment's LOG_LEVEL wins over the file's.
    const r = await run(['start'], { DATA_DIR: join(dir, 'd'), LOG_LEVEL: 'warn' }, { cwd: dir });
    // … and says so once, naming the variable, never the value (docs/operations.md §3.4).
    expect(r.stderr).toContain(
      `LOG_LEVEL is set both in the environment and in ${join(dir, '.env')}; the environment wins`,
    );
    expect(r.stderr).not.toMatch(/loud|not valid/);
    expect(r.stdout).toContain(`settings: environment, then ${join(dir, '.env')}`);
    // The embedded sandbox's admin endpoint is in the banner.
    expect(r.stdout).toMatch(/admin: +http:\/\/127\.0\.0\.1:\d+ \(loopback/);
  }, 30_000);

  // Only root can give a directory to another uid and start the bot as that uid.
  it.skipIf(process.getuid?.() !== 0)(
    'a DATA_DIR this uid cannot write: one line naming the owner it needs, exit 1',
    async () => {
      const data = join(dir, 'data');
      mkdirSync(data);
      chmodSync(dir, 0o755);
      chmodSync(data, 0o755);
      const r = await run(['start'], { DATA_DIR: data }, { uid: 65534, gid: 65534 });
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split('\n')).toEqual([
        `telephony-bot could not start: DATA_DIR ${data} is not writable by this process (uid 65534, gid 65534; it belongs to uid 0, gid 0). Give it to the bot: chown -R 65534:65534 ${data} (on the host, for a bind mount), or set DATA_DIR to a directory uid 65534 owns.`,
      ]);
    },
    30_000,
  );
});

describe('telephony-bot slack installations', () => {
  let dir: string;
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('lists the installed workspaces without a token, and removes one with its org pointers', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tbot-installs-'));
    const key = generateMasterKey();
    const kv = createSqliteKeyValueStore({ path: join(dir, 'telephony-bot.sqlite') });
    const records = createInstallationStore({ kv, keyring: keyringFromKeys(key) });
    await records.set('slack:team:T1', {
      team: { id: 'T1', name: 'Alpha' },
      bot: { token: 'xoxb-alpha-secret', userId: 'UB1', scopes: ['commands', 'chat:write'] },
    });
    await records.set('slack:org:E9', {
      enterprise: { id: 'E9', name: 'Grid' },
      isEnterpriseInstall: true,
      bot: { token: 'xoxb-grid-secret', userId: 'UB9', scopes: ['commands'] },
      user: { id: 'U1', token: 'xoxp-user-secret' },
    });
    await records.set('slack:team-org:T5', { enterpriseId: 'E9' });
    await kv.close();
    const env = { DATA_DIR: dir, BOT_ENCRYPTION_KEY: key.toString('base64') };

    const listed = await run(['slack', 'installations', 'list'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout.trim().split('\n')).toEqual([
      'E9\torg Grid\tbot UB9\tscopes commands\tuser token',
      'T1\tworkspace Alpha\tbot UB1\tscopes commands,chat:write',
    ]);
    expect(listed.stdout).not.toMatch(/xox[bp]-/);

    expect(await run(['slack', 'installations', 'remove', 'E9'], env)).toMatchObject({ code: 0 });
    const missing = await run(['slack', 'installations', 'remove', 'E9'], env);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('no installation E9');
    expect((await run(['slack', 'installations', 'list'], env)).stdout).toBe(
      'T1\tworkspace Alpha\tbot UB1\tscopes commands,chat:write\n',
    );
    const after = createSqliteKeyValueStore({ path: join(dir, 'telephony-bot.sqlite') });
    expect(await after.get('install:slack:team-org:T5')).toBeUndefined();
    await after.close();
  }, 30_000);
});
