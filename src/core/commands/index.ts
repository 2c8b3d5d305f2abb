import type { CommandSpec } from '../command-spec.js';
import { accessCommands } from './access.js';
import { accountCommands } from './account.js';
import { alertCommands } from './alert.js';
import { approvalsCommands } from './approvals.js';
import { callCommands } from './calls.js';
import { cardCommands } from './card.js';
import { cdrCallCommands } from './cdr-call.js';
import { cdrCommands } from './cdrs.js';
import { digestCommands } from './digest.js';
import { groupCommands } from './group.js';
import { helpCommands } from './help.js';
import { limitCommands } from './limit.js';
import { linkCommands } from './link.js';
import { preferenceCommands } from './preferences.js';
import { spendCommands } from './spend.js';
import { topupCommands } from './topup.js';

/** The one command table (docs/interface.md §1.1). Menus and help are generated from it. */
export function builtInCommands(options: { clock: () => Date }): CommandSpec[] {
  const table: CommandSpec[] = [
    ...helpCommands(() => table),
    ...linkCommands(options.clock),
    ...accountCommands(),
    ...callCommands(),
    ...topupCommands(),
    ...cdrCommands(),
    ...cdrCallCommands(),
    ...cardCommands(),
    ...groupCommands(),
    ...preferenceCommands(),
    ...alertCommands(),
    ...spendCommands(),
    ...digestCommands(),
    ...limitCommands(),
    ...approvalsCommands(),
    ...accessCommands(),
  ];
  return table;
}
