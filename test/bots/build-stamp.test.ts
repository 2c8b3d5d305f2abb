import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm start` runs `scripts/build.js --if-changed` first: it builds only when an input changed
 * (README "Quick start"; the time it saves is in `npm run bench:start`). A rebuild empties the
 * output directory first, so a marker file left there tells whether one happened.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT = join(ROOT, `.build-test-stamp-${process.pid}`);
const MARKER = join(OUT, 'marker');

function build(...args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build.js', OUT, ...args], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build exited ${code}`))));
  });
}

beforeAll(() => build(), 120_000);
afterAll(() => rmSync(OUT, { recursive: true, force: true }));

describe('scripts/build.js --if-changed', () => {
  it('a build writes the fingerprint of its inputs last', () => {
    expect(readFileSync(join(OUT, '.build-stamp'), 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    expect(existsSync(join(OUT, 'cli.js'))).toBe(true);
  });

  it('inputs unchanged: nothing is rebuilt', async () => {
    writeFileSync(MARKER, 'still here');
    await build('--if-changed');
    expect(existsSync(MARKER)).toBe(true);
  });

  it('a stamp that does not match (an input changed, or a build was interrupted): rebuilt', async () => {
    writeFileSync(MARKER, 'still here');
    writeFileSync(join(OUT, '.build-stamp'), `${'0'.repeat(64)}\n`);
    await build('--if-changed');
    expect(existsSync(MARKER)).toBe(false);
    expect(existsSync(join(OUT, 'cli.js'))).toBe(true);
    // And the new stamp matches again.
    writeFileSync(MARKER, 'still here');
    await build('--if-changed');
    expect(existsSync(MARKER)).toBe(true);
  }, 120_000);

  it('without --if-changed it always builds (npm run build, the image)', async () => {
    writeFileSync(MARKER, 'still here');
    await build();
    expect(existsSync(MARKER)).toBe(false);
  }, 120_000);
});
