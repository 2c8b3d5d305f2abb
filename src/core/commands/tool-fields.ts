import { type CommandRef, type CommandSpec, tableRef } from '../command-spec.js';
import type { Messages } from '../messages.js';

/**
 * Named, typed, language-neutral argument fields of the command table (docs/mcp.md §2): what a
 * channel that takes arguments by name (an assistant's tool call, a form) needs to build them, and
 * what each run does to the world. A channel derives its schema from these and turns the values back
 * into the command's tokens ({@link toolTokens}), so the command's own parser still checks them and
 * words the fix: nothing is parsed twice, and a command without fields still gets one generic field.
 */

/** What a run does: reads only, adds (a top-up, a call), or takes something away (a block, a hang-up). */
export type Effect = 'none' | 'additive' | 'destructive';

/** The kind of a value, as a channel offers it; the command's parser reads the token. */
export type FieldKind = 'phone' | 'pin' | 'amount' | 'integer' | 'date' | 'text' | 'choice' | 'flag';

export interface ArgField {
  /** Language-neutral name (`number`, `pin`, `from`). */
  readonly name: string;
  readonly kind: FieldKind;
  /** The catalogue's word for it, `t.arg.<word>` or the command's usage when absent. */
  readonly word?: keyof Messages['arg'];
  readonly required?: boolean;
  /** A list of values (`rate`'s numbers), each one token. */
  readonly many?: { readonly min: number; readonly max: number };
  /** `choice`: the tokens it may be. */
  readonly values?: readonly string[];
  /** `flag`: the token it adds when true (`csv`). */
  readonly token?: string;
  /** A PIN or password: never echoed back; a channel asks for it only where the user alone sees it. */
  readonly secret?: boolean;
}

/** One shape of a command (`card block` apart from `card show`): its fields and its effect. */
export interface ToolShape {
  /** The subcommand token that comes first (`block`); absent: the command itself. */
  readonly sub?: string;
  readonly fields: readonly ArgField[];
  readonly effect: Effect;
  /** The provider operation is never retried (docs/reliability.md §3): running it twice acts twice. */
  readonly neverRetry?: boolean;
  /** Reaches the telephone network or the provider (false: only this bot's own settings). */
  readonly openWorld?: boolean;
  /** Run with no arguments at all it only shows what is set (`/limit`, `/language`): that run's effect. */
  readonly bare?: Effect;
}

/** A resolved shape with its tool name (`card_block`), as channels receive it (`CommandInfo.tools`). */
export interface CommandTool extends ToolShape {
  readonly name: string;
  readonly command: CommandRef;
}

const phone = (name: string, word: keyof Messages['arg'], required = true): ArgField => ({
  name,
  kind: 'phone',
  word,
  required,
});
const none = (fields: ArgField[] = [], openWorld = true): ToolShape => ({
  fields,
  effect: 'none',
  openWorld,
});
const local = (effect: Effect, fields: ArgField[]): ToolShape => ({ fields, effect, openWorld: false });
/** A setting of this bot's own: sent without arguments, it only shows what is set. */
const setting = (fields: ArgField[]): ToolShape => ({ ...local('additive', fields), bare: 'none' });
/** Words as typed: a command nobody described, or one whose arguments are a small language (`approvals`). */
const GENERIC_WORDS: ArgField = { name: 'args', kind: 'text', many: { min: 0, max: 20 } };
const cdrFields: ArgField[] = [
  { name: 'from', kind: 'date' },
  { name: 'to', kind: 'date' },
  { name: 'count', kind: 'integer', word: 'count' },
  { name: 'csv', kind: 'flag', token: 'csv' },
];
const card = (sub: string, effect: Effect, more: ArgField[] = [], neverRetry = true): ToolShape => ({
  sub,
  fields: [phone('card_number', 'cardNumber'), ...more],
  effect,
  neverRetry,
  openWorld: true,
});

/**
 * The built-in commands' shapes; `false`: not a tool (menus, help, a conversation's cancel, linking,
 * which takes a password). A command that is not listed and declares no `tool` gets one generic
 * field of its tokens ({@link commandTools}).
 */
export const BUILT_IN_TOOLS: Readonly<Record<string, false | readonly ToolShape[]>> = {
  start: false,
  menu: false,
  help: false,
  cancel: false,
  link: false,
  balance: [none()],
  rate: [none([{ ...phone('numbers', 'number'), many: { min: 1, max: 20 } }])],
  check: [none([phone('number', 'number')])],
  numbers: [none()],
  accounts: [none([], false)],
  use: [local('additive', [{ name: 'label', kind: 'text', word: 'label', required: true }])],
  unlink: [local('destructive', [{ name: 'label', kind: 'text', word: 'label' }])],
  target: [
    { fields: [phone('a', 'a'), phone('b', 'b')], effect: 'additive', neverRetry: true, openWorld: true },
  ],
  lines: [none()],
  call: [
    { fields: [phone('a', 'a'), phone('b', 'b')], effect: 'additive', neverRetry: true, openWorld: true },
  ],
  // `stopcallback` is on the never-retry list (docs/reliability.md §3): a hang-up is not resent either.
  hangup: [
    {
      fields: [{ name: 'call_id', kind: 'text', word: 'callId' }],
      effect: 'destructive',
      neverRetry: true,
      openWorld: true,
    },
  ],
  topup: [
    {
      fields: [{ name: 'pin', kind: 'pin', word: 'pin', required: true, secret: true }],
      effect: 'additive',
      neverRetry: true,
      openWorld: true,
    },
  ],
  cdrs: [none(cdrFields)],
  callshop: [none(cdrFields)],
  card: [
    { sub: 'show', ...none([phone('card_number', 'cardNumber')]) },
    card('create', 'additive', [
      { name: 'amount', kind: 'amount' },
      { name: 'customer', kind: 'text' },
    ]),
    card('block', 'destructive'),
    card('unblock', 'additive'),
    card('disable', 'destructive'),
    card('renumber', 'destructive', [phone('new_number', 'newNumber')]),
    card('activate', 'additive', [{ name: 'pin', kind: 'pin', word: 'pin', required: true, secret: true }]),
    card('limit', 'additive', [{ name: 'cap', kind: 'text' }], false),
  ],
  language: [setting([{ name: 'language', kind: 'choice', values: ['en', 'de'] }])],
  timezone: [setting([{ name: 'zone', kind: 'text' }])],
  alert: [setting([{ name: 'amount', kind: 'text' }])],
  spend: [none([{ name: 'period', kind: 'text' }])],
  digest: [setting([{ name: 'schedule', kind: 'choice', values: ['weekly', 'off'] }])],
  // The audit log and approval settings are this bot's own records: nothing of the provider's.
  audit: [none([{ name: 'count', kind: 'integer', word: 'count' }], false)],
  approvals: [setting([GENERIC_WORDS])],
  limit: [
    setting([
      { name: 'kind', kind: 'choice', values: ['daily', 'monthly', 'price', 'off'] },
      { name: 'amount', kind: 'text' },
    ]),
  ],
};

/**
 * The tools of one command: its declared shapes (`spec.tool`, else the built-in table), or one
 * generic shape whose effect follows `changesState` and `confirm`. Never a tool: what runs only in
 * a shared chat (group settings), or opens a credentials form (a password is never given to a tool).
 */
export function commandTools(spec: CommandSpec): CommandTool[] {
  const declared = spec.tool ?? BUILT_IN_TOOLS[spec.name];
  if (declared === false || spec.sharedOnly) return [];
  if (spec.form && spec.form.kind !== 'pin') return [];
  const effect: Effect = !spec.changesState ? 'none' : spec.confirm ? 'destructive' : 'additive';
  const shapes = declared ?? [{ fields: [GENERIC_WORDS], effect, openWorld: true }];
  return shapes.map((s) => ({
    ...s,
    name: s.sub ? `${spec.name}_${s.sub}` : spec.name,
    command: tableRef(spec),
  }));
}

/**
 * What one run of `spec` with these tokens does to the world (docs/privacy.md §2.2): the effect of
 * the shape its first token names (`card show` reads, `card block` takes away), else of its shape
 * without a subcommand; a setting sent bare only shows. A command with no shapes (not a tool: group
 * settings, linking, menus) changes state when its table entry says so.
 */
export function runEffect(spec: CommandSpec, tokens: readonly string[]): Effect {
  const shape = runShape(spec, tokens);
  if (!shape) return spec.changesState ? 'additive' : 'none';
  return tokens.length === 0 && shape.bare ? shape.bare : shape.effect;
}

/** Whether that run's provider operation is never retried (docs/reliability.md §3): sent twice, it acts twice. */
export function runNeverRetry(spec: CommandSpec, tokens: readonly string[]): boolean {
  return runShape(spec, tokens)?.neverRetry === true;
}

/** The shape one run takes: the one its first token names, else the one without a subcommand. */
function runShape(spec: CommandSpec, tokens: readonly string[]): ToolShape | undefined {
  const declared = spec.tool ?? BUILT_IN_TOOLS[spec.name];
  if (!declared) return undefined;
  const sub = tokens[0]?.toLowerCase();
  return (
    declared.find((s) => s.sub !== undefined && s.sub === sub) ??
    declared.find((s) => s.sub === undefined) ??
    declared[0]
  );
}

/** A field's value, checked by kind, as the tokens the command's parser reads. */
export type FieldValue = string | number | boolean | readonly (string | number)[];

/**
 * The command's tokens from named values, in field order: `['block', '+4930…']`. A flag adds its
 * token when true; a missing optional field adds nothing (the parsers read what is there by its form).
 */
export function toolTokens(
  tool: ToolShape,
  values: Readonly<Record<string, FieldValue | undefined>>,
): string[] {
  const tokens = tool.sub ? [tool.sub] : [];
  for (const f of tool.fields) {
    const v = values[f.name];
    if (v === undefined || v === false || v === '') continue;
    if (v === true) tokens.push(f.token ?? f.name);
    else if (Array.isArray(v)) tokens.push(...v.map(String));
    else tokens.push(String(v));
  }
  return tokens;
}
