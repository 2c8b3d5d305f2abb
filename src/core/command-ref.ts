import { en, type Messages } from './messages.js';

/**
 * The name of a command of the table: every command has its catalogue entry `t.cmd[name]` and no
 * entry names a command the table lacks (test/core/command-ref.test.ts), so these keys are the
 * table's names, checked by the type system.
 */
export type CommandName = keyof Messages['cmd'];

declare const fromTable: unique symbol;
/** A command named by {@link commandRef}: a bare string is not one, so a typo fails the type check. */
export type CommandRef = CommandName & { readonly [fromTable]: true };

/**
 * The reference by which a form or a shortcut names the command it runs (`commandRef('call')`), with
 * its typed arguments beside it: a name the table lacks fails `tsc` (docs/architecture.md §6).
 */
export function commandRef(name: CommandName): CommandRef {
  return name as CommandRef;
}

/** A command of the table names itself: its name is one of the table's (test/core/command-ref.test.ts). */
export function tableRef(spec: { readonly name: string }): CommandRef {
  return spec.name as CommandRef;
}

/** A command name read back from outside (a form's metadata), if the table has it. */
export function knownCommand(name: unknown): CommandRef | undefined {
  return typeof name === 'string' && Object.hasOwn(en.cmd, name)
    ? commandRef(name as CommandName)
    : undefined;
}
