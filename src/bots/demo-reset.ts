import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig } from './config.js';

/**
 * `telephony-bot demo reset` (`npm run demo:reset`, docs/sandbox.md §2.3): removes the embedded
 * sandbox's saved state, so the next start serves the shipped demo again (the balance €18.40 the
 * README's tour shows, every top-up PIN unused). Links and settings in the bot's store stay.
 */
export async function demoReset(
  out: NodeJS.WritableStream,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const config = loadConfig(env);
  const file = config.SANDBOX_PERSIST ?? join(config.DATA_DIR, 'sandbox-state.json');
  const there = await stat(file).then(
    () => true,
    () => false,
  );
  if (!there) {
    out.write(`The demo is as shipped already (no ${file}).\n`);
    return 0;
  }
  await rm(file, { force: true });
  out.write(
    `Removed ${file}: the next start serves the demo as shipped (balance €18.40, every top-up PIN unused). A bot running now writes it again on its next change: restart it.\n`,
  );
  return 0;
}
