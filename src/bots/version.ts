import { existsSync, readFileSync } from 'node:fs';

/**
 * The version of package.json: beside dist/ in the image and a checkout, one or two levels up from
 * the module asking (src/bots, dist/, dist/chunks). `unknown` when none is found.
 */
export function packageVersion(): string {
  for (const rel of ['../package.json', '../../package.json']) {
    const file = new URL(rel, import.meta.url);
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === 'telephony-bot' && pkg.version) return pkg.version;
  }
  return 'unknown';
}
