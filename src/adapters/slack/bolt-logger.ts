import { type AppOptions, LogLevel } from '@slack/bolt';
import { errorSummary } from '../../core/index.js';
import type { SlackLogger } from './options.js';

type BoltLogger = NonNullable<AppOptions['logger']>;

/**
 * bolt logs through `@slack/logger`'s interface (variadic strings); the bot logs through pino. This
 * forwards bolt's lines as `{ component: 'bolt' }` records. bolt never logs request bodies above
 * debug level, and we keep it at `info` so command text (which might hold a mistyped password)
 * never reaches a log line.
 */
export function boltLogger(logger: SlackLogger): BoltLogger {
  let level: LogLevel = LogLevel.INFO;
  let name = 'bolt';
  // An Error bolt or @slack/oauth hands over (`logger.error(error)` after a failed install) is
  // logged as its safe summary, never its message: one safe error summary (safe-error.ts).
  const line = (msgs: unknown[]) =>
    msgs.map((m) => (m instanceof Error ? JSON.stringify(errorSummary(m)) : String(m))).join(' ');
  return {
    debug: () => {},
    info: (...msgs: unknown[]) => logger.info({ component: name }, line(msgs)),
    warn: (...msgs: unknown[]) => logger.warn({ component: name }, line(msgs)),
    error: (...msgs: unknown[]) => logger.error({ component: name }, line(msgs)),
    setLevel: (l: LogLevel) => {
      level = l === LogLevel.DEBUG ? LogLevel.INFO : l;
    },
    getLevel: () => level,
    setName: (n: string) => {
      name = n;
    },
  };
}
