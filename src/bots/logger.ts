import pino, { type Logger } from 'pino';

/**
 * pino with `redact` for every field a secret could travel in (docs/operations.md §4.1). The code never logs these
 * on purpose; redaction is the second line of defence.
 */
export const REDACT_PATHS = [
  'password',
  'md5',
  'pin',
  'PIN',
  'key',
  'token',
  'secret',
  'signature',
  'authorization',
  'x-authorization',
  '*.password',
  '*.md5',
  '*.pin',
  '*.PIN',
  '*.key',
  '*.token',
  '*.secret',
  '*.signature',
  '*.authorization',
  '*["x-authorization"]',
  'headers["x-authorization"]',
  'req.headers["x-authorization"]',
  'req.headers.authorization',
];

export function createLogger(options: {
  level: string;
  destination?: pino.DestinationStream | undefined;
}): Logger {
  return pino(
    {
      level: options.level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      base: { app: 'telephony-bot' },
    },
    options.destination ?? pino.destination(2),
  );
}
