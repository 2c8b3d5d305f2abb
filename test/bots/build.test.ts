import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSlack } from '../helpers/fake-slack.js';
import { FakeTelegram } from '../helpers/fake-telegram.js';
import { runBot } from './cli-process.js';

/**
 * docs/operations.md §1.4, compiled JavaScript in production: `npm run build` (scripts/build.js) into a fresh
 * directory, then what production runs. The chunk graph (esbuild's metafile) proves that `--help`
 * and the small commands load only the CLI, and that a console start loads neither grammY, bolt
 * nor the Redis client; the bundle then really starts, with each channel, from its own directory.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// Inside the project, so the one external package (sqlite3) resolves from node_modules.
const OUT = join(ROOT, `.build-test-${process.pid}`);
let meta: {
  outputs: Record<
    string,
    { imports: { path: string; kind: string }[]; inputs: Record<string, unknown>; entryPoint?: string }
  >;
};

beforeAll(async () => {
  const metafile = join(await mkdtemp(join(tmpdir(), 'tbot-meta-')), 'meta.json');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build.js', OUT], {
      cwd: ROOT,
      env: { ...process.env, BUILD_METAFILE: metafile },
      stdio: 'inherit',
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build exited ${code}`))));
  });
  meta = JSON.parse(await readFile(metafile, 'utf8'));
}, 120_000);

afterAll(async () => {
  await rm(OUT, { recursive: true, force: true });
});

/** Every input (source or package file) a chunk loads before its code runs: static imports only. */
function staticInputs(chunk: string): string[] {
  const seen = new Set<string>();
  const inputs: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const out = meta.outputs[file];
    if (!out) return;
    inputs.push(...Object.keys(out.inputs));
    for (const i of out.imports) if (i.kind === 'import-statement') visit(i.path);
  };
  visit(chunk);
  return inputs;
}

const chunkOf = (entry: string) =>
  Object.keys(meta.outputs).find(
    (f) => Object.keys(meta.outputs[f]!.inputs).includes(entry) && f.endsWith('.js'),
  )!;
const packagesIn = (inputs: string[]) =>
  new Set(
    inputs
      .filter((i) => i.includes('node_modules/'))
      .map((i) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(i)![1]),
  );

describe('the compiled build', () => {
  it('the CLI entry (--help, usage) loads no package at all', () => {
    const cli = Object.keys(meta.outputs).find((f) => meta.outputs[f]!.entryPoint === 'src/bots/cli.ts')!;
    expect(cli).toMatch(/cli\.js$/);
    expect([...packagesIn(staticInputs(cli))]).toEqual([]);
  });

  it('a console start loads neither grammY, bolt, the Redis client, BullMQ nor prom-client', () => {
    const packages = packagesIn(staticInputs(chunkOf('src/bots/main.ts')));
    expect(packages.has('zod')).toBe(true); // the check can see packages
    // prom-client is loaded only with an HTTP server to serve /metrics on.
    for (const heavy of [
      'grammy',
      '@slack/bolt',
      '@slack/web-api',
      '@redis/client',
      '@grammyjs/runner',
      'bullmq',
      'ioredis',
      'prom-client',
    ])
      expect(packages.has(heavy), heavy).toBe(false);
  });

  it('`audit export` and `keys rotate` load the stores, not the sandbox, the client or a channel', () => {
    const packages = packagesIn(staticInputs(chunkOf('src/bots/ops-commands.ts')));
    expect(packages.has('keyv')).toBe(true);
    for (const heavy of ['yaml', 'undici', 'grammy', '@slack/bolt', 'libphonenumber-js'])
      expect(packages.has(heavy), heavy).toBe(false);
  });

  it('BullMQ (and ioredis) sit in the chunk REDIS_URL loads, not in the start', () => {
    const jobs = chunkOf('src/jobs/bullmq-jobs.ts');
    expect(packagesIn(staticInputs(jobs)).has('bullmq')).toBe(true);
    expect(staticInputs(chunkOf('src/bots/main.ts'))).not.toContain('src/jobs/bullmq-jobs.ts');
  });

  it('`config reference` loads the configuration schema only', () => {
    const packages = packagesIn(staticInputs(chunkOf('src/bots/config.ts')));
    expect([...packages]).toEqual(['zod']);
  });

  it('runs --help from dist with the sandbox asset beside it', async () => {
    const help = await runNode([join(OUT, 'cli.js'), '--help']);
    expect(help).toMatchObject({ code: 0 });
    expect(help.stdout).toContain('Usage: telephony-bot <command>');
    await expect(readFile(join(OUT, 'demo-data.yaml'), 'utf8')).resolves.toContain('demo');
  });

  it('starts the console defaults, Telegram and Slack from the bundle', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tbot-build-'));
    const bin = join(OUT, 'cli.js');
    const telegram = await FakeTelegram.start({ token: '123456:TEST-token-0123456789abcdef' });
    const slack = await startFakeSlack();
    try {
      const consoleBot = runBot(['start'], { DATA_DIR: join(dir, 'c'), SANDBOX_PORT: '0' }, bin);
      await consoleBot.waitFor('Type /help');
      consoleBot.child.stdin.end('/balance\n');
      expect((await consoleBot.exited).code).toBe(0);
      expect(consoleBot.stdout()).toContain('18.40');

      const chat = runBot(
        ['start'],
        {
          DATA_DIR: join(dir, 't'),
          SANDBOX_PORT: '0',
          TELEGRAM_BOT_TOKEN: telegram.token,
          TELEGRAM_API_ROOT: telegram.apiRoot,
          SLACK_BOT_TOKEN: 'xoxb-test',
          SLACK_SIGNING_SECRET: 'test-signing-secret-0123',
          SLACK_API_URL: slack.apiUrl,
          SLACK_PORT: '0',
        },
        bin,
      );
      await chat.waitFor('telephony-bot is running');
      expect(chat.stdout()).toContain('telegram (polling), slack (HTTP)');
      chat.child.kill('SIGTERM');
      expect(await chat.exited).toEqual({ code: 0, signal: null });
    } finally {
      await telegram.close();
      await slack.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

function runNode(args: string[]): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.once('exit', (code) => resolve({ code, stdout }));
  });
}
