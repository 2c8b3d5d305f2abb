import type { SandboxState } from './state.js';
import type { AccountState } from './state-schema.js';

/** What an operation sees: the authenticated account, the merged query + form parameters, the clock. */
export interface OperationContext {
  readonly state: SandboxState;
  readonly account: AccountState;
  readonly params: URLSearchParams;
  readonly now: Date;
  readonly maxCallSeconds: number;
  readonly random: () => number;
  readonly log: (line: string) => void;
}

/** `noBody` reproduces spec 4.9: an empty `cdrs` result has no `body` member at all. */
export type OperationOutcome = { body: unknown } | { noBody: true };

export type OperationHandler = (ctx: OperationContext) => OperationOutcome;
