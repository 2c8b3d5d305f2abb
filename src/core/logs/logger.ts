/** The pino-compatible subset the core logs through; src/bots passes a pino logger. */
export interface CoreLogger {
  info(obj: Record<string, unknown>, msg?: string): void;
  warn(obj: Record<string, unknown>, msg?: string): void;
  error(obj: Record<string, unknown>, msg?: string): void;
  debug(obj: Record<string, unknown>, msg?: string): void;
}

const noop = () => {};
export const silentLogger: CoreLogger = { info: noop, warn: noop, error: noop, debug: noop };

/** The slice of a pino logger a channel adapter takes; `pino()` fits as is. */
export interface ChannelLogger {
  debug?(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
