import { inspect } from 'node:util';

const REDACTED = '[redacted]';

/**
 * A value that must never be printed: SIP line passwords, md5 keys, PINs.
 * `String()`, `JSON.stringify` and `util.inspect` all show `[redacted]`; only `reveal()` gives it out.
 */
export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return REDACTED;
  }
}

export const REDACTED_TEXT = REDACTED;
