import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The `.env` file of the directory the bot starts in, read into `process.env` before the
 * configuration is checked. The environment wins over the file: a variable already set (by the
 * shell, Docker or compose) is not overwritten, so `.env` holds defaults for a checkout. Parsed by
 * Node's own `process.loadEnvFile` (Node ≥ 20.12), so there is no dotenv dependency.
 */
export function readEnvFile(path = '.env'): string | undefined {
  const file = resolve(path);
  if (!existsSync(file)) return undefined;
  process.loadEnvFile(file);
  envFileRead = file;
  return file;
}

/** The file {@link readEnvFile} read, for the start banner; undefined when there was none. */
export let envFileRead: string | undefined;
