import { expect } from 'vitest';
import { ConfigError, loadConfig } from '../../src/bots/config.js';

/** The message `loadConfig` refuses `env` with; fails the test when it accepts it. */
export function refusalOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

/**
 * The problems of a refusal as `- NAME: …` lines, whichever shape it has: one problem is one line
 * (`The configuration is not valid: NAME: …`), several are listed under that heading.
 */
export function problemLines(message: string): string[] {
  const single = /^The configuration is not valid: (.+)$/.exec(message);
  if (single) return [`- ${single[1]}`];
  return message.split('\n').filter((l) => l.startsWith('- '));
}
