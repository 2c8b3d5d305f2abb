import type { App } from '@slack/bolt';
import type { SlackHandlerDeps } from './deps.js';
import { slashCommand } from './slash-command.js';

/**
 * The one slash command's listener (docs/interface.md §4.2): it hands bolt's request to the
 * command's road (slash-command.ts) and is never called back.
 */
export function registerCommand(app: App, deps: SlackHandlerDeps): void {
  app.command(deps.options.command, (args) => slashCommand(deps, args));
}
