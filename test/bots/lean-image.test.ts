import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBot } from './cli-process.js';

/**
 * The image's runtime stage as the Dockerfile assembles it (docs/docker.md §2), without a Docker
 * engine: dist/, package.json, the launcher and only the packages scripts/runtime-modules.js copies.
 * That application runs (SQLite through the native binding) and its own layers stay under 40 MB.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function run(cmd: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited ${code}`)),
    );
  });
}

/** Bytes of every file under `dir`. */
function bytesOf(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((sum, e) => {
    const path = join(dir, e.name);
    return sum + (e.isDirectory() ? bytesOf(path) : e.isFile() ? statSync(path).size : 0);
  }, 0);
}

describe('the runtime stage of the image', () => {
  let app: string;
  beforeAll(async () => {
    await run(process.execPath, ['scripts/build.js', '--if-changed'], ROOT);
    app = await mkdtemp(join(tmpdir(), 'tbot-image-'));
    // What the Dockerfile's build stage runs, then what the runtime stage copies.
    await run(process.execPath, [join(ROOT, 'scripts/runtime-modules.js'), join(app, 'runtime')], ROOT);
    cpSync(join(app, 'runtime/node_modules'), join(app, 'node_modules'), { recursive: true });
    cpSync(join(ROOT, 'dist'), join(app, 'dist'), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(app, 'package.json'));
    mkdirSync(join(app, 'bin'));
    cpSync(join(ROOT, 'bin/telephony-bot.js'), join(app, 'bin/telephony-bot.js'));
  }, 120_000);
  afterAll(async () => {
    await rm(app, { recursive: true, force: true });
  });

  it('holds only the packages dist/ loads: the native ones and what they require', async () => {
    const names = readdirSync(join(app, 'node_modules')).flatMap((n) =>
      n.startsWith('@') ? readdirSync(join(app, 'node_modules', n)).map((m) => `${n}/${m}`) : [n],
    );
    expect(names).toEqual(expect.arrayContaining(['sqlite3', 'bindings', '@resvg/resvg-js']));
    expect(
      names.filter((n) => ['echarts', 'grammy', '@slack/bolt', 'zod', 'prebuild-install', 'tar'].includes(n)),
    ).toEqual([]);
    const mb = (bytesOf(join(app, 'node_modules')) + bytesOf(join(app, 'dist'))) / 1024 / 1024;
    expect(mb).toBeLessThan(40);
  });

  it('runs: the console answers on the embedded sandbox, its store in SQLite', async () => {
    const bot = runBot(['start'], { DATA_DIR: join(app, 'data') }, join(app, 'bin/telephony-bot.js'));
    bot.child.stdin.end('/balance\n');
    const { code } = await bot.exited;
    expect(code, bot.stderr()).toBe(0);
    expect(bot.stdout()).toContain('€18.40');
    expect(statSync(join(app, 'data/telephony-bot.sqlite')).size).toBeGreaterThan(0);
  }, 60_000);
});
