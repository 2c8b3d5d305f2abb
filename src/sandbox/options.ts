import type { FaultConfig } from './faults.js';
import type { SandboxData } from './seed-schema.js';

/** The one options object of `createSandbox` (docs/architecture.md §7), resolved once into defaults. */
export interface SandboxOptions {
  /** Seed: an object, or a path to a YAML/JSON file. Default: the shipped `demo-data.yaml`. */
  data?: SandboxData | string | undefined;
  /**
   * A JSON file the state is written to after every change, and read on start when it exists
   * (then `data` is not used), so a restart loses nothing.
   */
  persistPath?: string;
  /** The sandbox clock; injectable for tests. Default `() => new Date()`. */
  clock?: () => Date;
  /** D10: a call ends on its own after this many seconds. Default 3600. */
  maxCallSeconds?: number;
  /** Initial faults (provider-notes D9); change them later with `setFaults` or the admin endpoint. */
  faults?: FaultConfig;
  /** Receives one line per request and sandbox notes. Default: discard. */
  logger?: (line: string) => void;
  /** Random source in [0, 1) for faults and card PINs; seed it for deterministic tests. Default `Math.random`. */
  random?: () => number;
  /** Largest accepted request body, bytes; larger answers 413. Default 64 KiB. */
  maxBodyBytes?: number;
  /** How often the unref'd timer ends calls past `maxCallSeconds`, ms. Default 1000. */
  expiryIntervalMs?: number;
}

export interface ResolvedSandboxOptions {
  data: SandboxData | string | undefined;
  persistPath: string | undefined;
  clock: () => Date;
  maxCallSeconds: number;
  faults: FaultConfig;
  logger: (line: string) => void;
  random: () => number;
  maxBodyBytes: number;
  expiryIntervalMs: number;
}

export function resolveSandboxOptions(options: SandboxOptions = {}): ResolvedSandboxOptions {
  const maxCallSeconds = options.maxCallSeconds ?? 3600;
  if (!Number.isInteger(maxCallSeconds) || maxCallSeconds < 1) {
    throw new RangeError('maxCallSeconds must be a whole number of seconds, at least 1');
  }
  return {
    data: options.data,
    persistPath: options.persistPath,
    clock: options.clock ?? (() => new Date()),
    maxCallSeconds,
    faults: options.faults ?? {},
    logger: options.logger ?? (() => {}),
    random: options.random ?? Math.random,
    maxBodyBytes: options.maxBodyBytes ?? 64 * 1024,
    expiryIntervalMs: options.expiryIntervalMs ?? 1000,
  };
}
