import { z } from 'zod';
import { OPERATION_GROUPS, OPERATION_NAMES } from './routes.js';

/**
 * Fault injection (provider-notes D9). A rule applies to one operation (`topup`,
 * `mycard-v2.blockcard`), to a group (`webcallback`, `mycard-v2`), or globally. The most specific
 * rule wins whole; rules are not merged, so what a test sets is what happens.
 *
 * When faults strike, relative to the operation:
 * - 429 and 5xx answer *before* the operation runs: the provider refused, so a retry is safe and
 *   `stats()` does not count the request.
 * - latency and malformed JSON strike *after* it ran: the state changed, the answer is late or
 *   unreadable. That is the case a never-retry operation must report as outcome unknown.
 * - a dropped connection strikes after by default (`dropWhen: 'before'` to drop first).
 */
export const faultRuleSchema = z.strictObject({
  /** Extra delay before the answer is written, in ms. */
  latencyMs: z.number().int().min(0).max(600_000).optional(),
  /** Probability (0..1) of an injected 5xx. */
  serverErrorProbability: z.number().min(0).max(1).optional(),
  /** The 5xx status to send; the body is an error envelope with code 504 (provider-notes 1.3). */
  serverErrorStatus: z.number().int().min(500).max(599).optional(),
  /** Probability (0..1) of a 429 with a `Retry-After` header. */
  tooManyRequestsProbability: z.number().min(0).max(1).optional(),
  retryAfterSeconds: z.number().int().min(0).max(3600).optional(),
  /** Probability (0..1) that the socket is destroyed without an answer. */
  dropProbability: z.number().min(0).max(1).optional(),
  dropWhen: z.enum(['before', 'after']).optional(),
  /** Probability (0..1) that the answer is cut-off JSON with status 200. */
  malformedJsonProbability: z.number().min(0).max(1).optional(),
  /**
   * Body of an injected 429/5xx: `envelope` (spec 7: every response has the envelope; code 429 or
   * 504) or `text`, a bare text body as a gateway in front of the provider would send it.
   */
  faultBody: z.enum(['envelope', 'text']).optional(),
  /** Fire at most this many times (any fault counts), then the rule goes quiet. */
  times: z.number().int().min(1).optional(),
});

export const faultConfigSchema = z.strictObject({
  global: faultRuleSchema.optional(),
  routes: z
    .record(z.string(), faultRuleSchema)
    .superRefine((routes, ctx) => {
      for (const key of Object.keys(routes)) {
        if (!OPERATION_NAMES.includes(key) && !Object.hasOwn(OPERATION_GROUPS, key)) {
          ctx.addIssue({ code: 'custom', path: [key], message: `unknown operation ${key}` });
        }
      }
    })
    .optional(),
  /** Added to the sandbox clock, in ms: a provider whose clock is off (provider-notes 1.2). */
  clockOffsetMs: z.number().int().optional(),
});

export type FaultRule = z.infer<typeof faultRuleSchema>;
export type FaultConfig = z.infer<typeof faultConfigSchema>;

export type FaultDecision =
  | { kind: 'none' }
  | { kind: 'server-error'; status: number; text: boolean }
  | { kind: 'too-many-requests'; retryAfterSeconds: number; text: boolean }
  | { kind: 'drop' };

export interface AfterFaults {
  latencyMs: number;
  drop: boolean;
  malformed: boolean;
}

/** Holds the active faults and the `times` each rule has left. */
export class FaultInjector {
  #config: FaultConfig = {};
  #fired = new Map<FaultRule, number>();
  readonly #random: () => number;

  constructor(random: () => number, config: FaultConfig = {}) {
    this.#random = random;
    this.set(config);
  }

  set(config: FaultConfig): void {
    this.#config = faultConfigSchema.parse(config);
    this.#fired = new Map();
  }

  get config(): FaultConfig {
    return structuredClone(this.#config);
  }

  get clockOffsetMs(): number {
    return this.#config.clockOffsetMs ?? 0;
  }

  #rule(operation: string): FaultRule | undefined {
    const routes = this.#config.routes ?? {};
    if (Object.hasOwn(routes, operation)) return routes[operation];
    for (const [group, members] of Object.entries(OPERATION_GROUPS)) {
      if (members.includes(operation) && Object.hasOwn(routes, group)) return routes[group];
    }
    return this.#config.global;
  }

  #live(rule: FaultRule): boolean {
    return rule.times === undefined || (this.#fired.get(rule) ?? 0) < rule.times;
  }

  #fire(rule: FaultRule): void {
    this.#fired.set(rule, (this.#fired.get(rule) ?? 0) + 1);
  }

  #roll(p: number | undefined): boolean {
    return p !== undefined && p > 0 && this.#random() < p;
  }

  /** Faults that strike before the operation runs. */
  before(operation: string): FaultDecision {
    const rule = this.#rule(operation);
    if (!rule || !this.#live(rule)) return { kind: 'none' };
    if ((rule.dropWhen ?? 'after') === 'before' && this.#roll(rule.dropProbability)) {
      this.#fire(rule);
      return { kind: 'drop' };
    }
    if (this.#roll(rule.tooManyRequestsProbability)) {
      this.#fire(rule);
      return {
        kind: 'too-many-requests',
        retryAfterSeconds: rule.retryAfterSeconds ?? 1,
        text: rule.faultBody === 'text',
      };
    }
    if (this.#roll(rule.serverErrorProbability)) {
      this.#fire(rule);
      return { kind: 'server-error', status: rule.serverErrorStatus ?? 503, text: rule.faultBody === 'text' };
    }
    return { kind: 'none' };
  }

  /** Faults that strike after the operation ran. */
  after(operation: string): AfterFaults {
    const rule = this.#rule(operation);
    const result: AfterFaults = { latencyMs: 0, drop: false, malformed: false };
    if (!rule || !this.#live(rule)) return result;
    if ((rule.dropWhen ?? 'after') === 'after' && this.#roll(rule.dropProbability)) result.drop = true;
    else if (this.#roll(rule.malformedJsonProbability)) result.malformed = true;
    result.latencyMs = rule.latencyMs ?? 0;
    if (result.drop || result.malformed || result.latencyMs > 0) this.#fire(rule);
    return result;
  }
}
