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
