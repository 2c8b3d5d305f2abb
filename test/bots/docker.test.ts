import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig, unknownVariableWarnings } from '../../src/bots/config.js';
import { sharedKeyCheck } from '../../src/bots/store-config.js';
import { FakeTelegram } from '../helpers/fake-telegram.js';
import { freePort, runBot } from './cli-process.js';

/**
 * docs/docker.md §1 as an operator follows it, without a Docker engine (none on these machines): the
 * image's own environment (Dockerfile ENV of the runtime stage) plus the `docker run`
 * lines and the compose services' environment must pass the configuration check, and the built
 * bundle started with exactly that environment must serve (or, for the trial, open its prompt).
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUNDLE = join(ROOT, 'bin/telephony-bot.js');
let dockerfile = '';
let readme = '';
let compose: { services: Record<string, { profiles?: string[]; environment?: Record<string, string> }> };

/** `ENV A=1 \ B=2` lines of one stage of the Dockerfile, as a map. */
function envOfStage(stage: string): Record<string, string> {
  const from = dockerfile.indexOf(`AS ${stage}\n`);
  const next = dockerfile.indexOf('\nFROM ', from + 1);
  const text = dockerfile.slice(from, next < 0 ? undefined : next).replace(/\\\n/g, ' ');
  const env: Record<string, string> = {};
  for (const line of text.split('\n').filter((l) => l.startsWith('ENV ')))
    for (const [, k, v] of line.matchAll(/(\w+)=(\S+)/g)) env[k!] = v!;
  return env;
}

/** The fenced `sh` block of docs/docker.md that follows `marker`. */
function shBlockAfter(marker: string): string {
  const at = readme.indexOf(marker);
  expect(at, `docs/docker.md has no "${marker}"`).toBeGreaterThan(-1);
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(at));
  return block![1]!.replace(/\\\n/g, ' ');
}

/** A shell value as the operator's shell would give it; `$(openssl rand -base64 32)` is a fresh key. */
function shellValue(v: string): string {
  const unquoted = v.replace(/^"(.*)"$/, '$1');
  return unquoted.includes('$(openssl rand -base64 32)') ? randomBytes(32).toString('base64') : unquoted;
}

/** `export A=… B=…` lines of a block (a value is a word or a double-quoted string). */
function exportsOf(block: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [, line] of block.matchAll(/^export (.*)$/gm))
    for (const [, k, v] of line!.matchAll(/(\w+)=("[^"]*"|[^\s#]+)/g)) env[k!] = shellValue(v!);
  return env;
}

/** The environment a `docker run … telephony-bot` line gives: `-e A=1`, and `-e A` from `exported`. */
function dockerRunEnv(block: string, exported: Record<string, string>): Record<string, string> {
  const line = block.split('\n').find((l) => l.startsWith('docker run'));
  expect(line).toBeDefined();
  const env: Record<string, string> = {};
  for (const [, k, v] of line!.matchAll(/-e (\w+)(?:=(\S+))?/g)) {
    const value = v === undefined ? exported[k!] : shellValue(v);
    expect(value, `-e ${k} has no value in docs/docker.md's lines`).toBeDefined();
    env[k!] = value!;
  }
  return env;
}

/** A compose service's environment as compose interpolates it from `exported`. */
function composeEnv(service: string, exported: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, raw] of Object.entries(compose.services[service]?.environment ?? {})) {
    const value = String(raw).replace(
      /\$\{(\w+)(?::-([^}]*))?\}/g,
      (_m, name: string, def?: string) => exported[name] || def || '',
    );
    env[k] = value;
  }
  return env;
}

beforeAll(async () => {
  dockerfile = await readFile(join(ROOT, 'Dockerfile'), 'utf8');
  readme = await readFile(join(ROOT, 'docs/docker.md'), 'utf8');
  compose = parse(await readFile(join(ROOT, 'docker-compose.yml'), 'utf8'));
  // The bundle the image runs, built only when the sources changed (what `npm start` does).
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build.js', '--if-changed'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build exited ${code}`))));
  });
}, 120_000);

describe('the image is built from the npm registry and Debian only', () => {
  it("sqlite3 is compiled with Debian's toolchain against the image's own Node headers, without npm warnings", () => {
    // npm's own node-gyp, pointed at /usr/local/include/node: no GitHub download, no nodejs.org.
    expect(dockerfile).toMatch(/apt-get install -y --no-install-recommends python3 make g\+\+/);
    expect(dockerfile).toMatch(
      /npm ci --ignore-scripts[^\n]*\\\n && cd node_modules\/sqlite3 \\\n && node \S+node-gyp\.js rebuild --nodedir=\/usr\/local/,
    );
    // npm 10 warns "Unknown env config" for each npm_config_* it does not know.
    expect(dockerfile).not.toMatch(/npm_config_/);
  });

  it('the runtime stage gets only the packages dist/ does not bundle', () => {
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));
    expect(runtime).toContain('COPY --from=build /app/runtime/node_modules ./node_modules');
    expect(runtime).not.toMatch(/COPY --from=build \/app\/node_modules/);
    expect(dockerfile).toContain('node scripts/runtime-modules.js /app/runtime');
  });
});

describe("docs/docker.md's docker run lines", () => {
  const image = () => envOfStage('runtime');

  it('the image sets production mode and the one HTTP port', () => {
    expect(image()).toMatchObject({ NODE_ENV: 'production', HEALTH_PORT: '8081', DATA_DIR: '/app/data' });
  });

  it('the production line carries every variable production needs, all known settings', () => {
    const block = shBlockAfter('**Run it**');
    const env = { ...image(), ...dockerRunEnv(block, exportsOf(block)) };
    expect(() => loadConfig(env)).not.toThrow();
    expect(unknownVariableWarnings(env)).toEqual([]);
    // And without the provider it is refused: production really checks (exit 2, the variable named).
    const { TELEPHONY_BASE_URL: _dropped, ...noProvider } = env;
    expect(() => loadConfig(noProvider)).toThrow(/TELEPHONY_BASE_URL/);
  });

  it('the production line, started with exactly that environment, serves /readyz and /metrics', async () => {
    const block = shBlockAfter('**Run it**');
    const env = { ...image(), ...dockerRunEnv(block, exportsOf(block)) };
    const telegram = await FakeTelegram.start({ token: env.TELEGRAM_BOT_TOKEN! });
    const dir = await mkdtemp(join(tmpdir(), 'tbot-docker-'));
    const port = await freePort();
    // Only what a test machine must change: where the volume is, a free port, the Bot API's address.
    const bot = runBot(
      ['start'],
      { ...env, DATA_DIR: dir, HEALTH_PORT: String(port), TELEGRAM_API_ROOT: telegram.apiRoot },
      BUNDLE,
    );
    try {
      await bot.waitFor('telephony-bot is running');
      expect(bot.stdout()).toContain(`provider: ${env.TELEPHONY_BASE_URL}`);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      expect(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()).toContain(
        'telephony_bot_store_up',
      );
      bot.child.kill('SIGTERM');
      expect((await bot.exited).code).toBe(0);
    } finally {
      bot.child.kill('SIGKILL');
      await telegram.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('the trial line opens the console on the embedded sandbox, in production mode', async () => {
    const env = { ...image(), ...dockerRunEnv(shBlockAfter('**Try it**'), {}) };
    expect(loadConfig(env)).toMatchObject({ SANDBOX: true, CONSOLE: true, NODE_ENV: 'production' });
    const dir = await mkdtemp(join(tmpdir(), 'tbot-docker-try-'));
    const bot = runBot(['start'], { ...env, DATA_DIR: dir, HEALTH_PORT: '0' }, BUNDLE);
    try {
      await bot.waitFor('Type /help');
      expect(bot.stdout()).toContain('embedded sandbox');
      bot.child.stdin.end('/balance\n');
      await bot.waitFor('Balance');
      expect((await bot.exited).code).toBe(0);
    } finally {
      bot.child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('docker-compose.yml', () => {
  it('every service belongs to a profile, so `up` starts only what was asked for', () => {
    for (const [name, service] of Object.entries(compose.services))
      expect(service.profiles, `${name} has no profile`).toEqual(
        expect.arrayContaining([expect.any(String)]),
      );
    expect(compose.services.trial?.profiles).toEqual(['sandbox']);
    expect(compose.services.bot?.profiles).toEqual(['production']);
  });

  it('uses no required-variable form: compose checks it in every profile, and it would refuse the trial', async () => {
    const text = await readFile(join(ROOT, 'docker-compose.yml'), 'utf8');
    const lines = text.split('\n').filter((l) => !l.trimStart().startsWith('#'));
    expect(lines.join('\n')).not.toMatch(/\$\{\w+:?\?/);
  });

  it("the sandbox profile's trial needs no variable at all", () => {
    const env = { ...envOfStage('runtime'), ...composeEnv('trial', {}) };
    expect(loadConfig(env)).toMatchObject({ SANDBOX: true, CONSOLE: true });
    expect(unknownVariableWarnings(env)).toEqual([]);
  });

  it("the production profile with docs/docker.md's exports passes; without them it names what is missing", () => {
    const exported = exportsOf(shBlockAfter('`docker-compose.yml` has two profiles'));
    expect(Object.keys(exported)).toEqual([
      'BOT_ENCRYPTION_KEY',
      'TELEPHONY_BASE_URL',
      'SLACK_BOT_TOKEN',
      'SLACK_APP_TOKEN',
    ]);
    const env = { ...envOfStage('runtime'), ...composeEnv('bot', exported) };
    const config = loadConfig(env);
    expect(config).toMatchObject({
      REDIS_URL: 'redis://redis:6379',
      TELEPHONY_BASE_URL: 'https://api.example.com',
    });
    expect(unknownVariableWarnings(env)).toEqual([]);
    // Without the shared key each replica would make its own: the start is refused, naming it.
    const { BOT_ENCRYPTION_KEY: _key, ...keyless } = exported;
    const refusal = sharedKeyCheck(
      loadConfig({ ...envOfStage('runtime'), ...composeEnv('bot', keyless) }),
    ).refusal;
    expect(refusal).toMatch(/BOT_ENCRYPTION_KEY: REDIS_URL is set/);
    const bare = { ...envOfStage('runtime'), ...composeEnv('bot', {}) };
    expect(() => loadConfig(bare)).toThrow(/TELEPHONY_BASE_URL[\s\S]*TELEGRAM_BOT_TOKEN or SLACK_BOT_TOKEN/);
  });
});
