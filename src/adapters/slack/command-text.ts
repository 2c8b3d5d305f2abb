import { type CommandForm, type CommandInfo, type CommandRef, formAsked } from '../../core/index.js';
import { plainCommandText } from './escape.js';

/**
 * What a slash command's text asks for. A command whose `form` field says it opens a form
 * (`link`, `team setup`, `topup` without a PIN) opens it here, before anything that could wait:
 * Slack shows command text in the channel and in logs, so a password goes into a modal instead
 * (docs/interface.md §4.2). Everything else is the core's to parse.
 */
export type CommandIntent =
  | { kind: 'core'; text: string }
  /** `text`: the words as typed, for a surface that cannot open a form (a DM to the app, an @mention). */
  | { kind: 'form'; ref: CommandRef; command: string; form: CommandForm; option?: string; text: string }
  /** `/tel link user pass`: refused with a pointer to the form; the text goes nowhere (not the core, not a log). */
  | { kind: 'refused'; command: string; form: CommandForm };

export function classifyCommand(raw: string, commands: readonly CommandInfo[]): CommandIntent {
  const text = plainCommandText(raw).replace(/^\//, '');
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return { kind: 'core', text: 'help' };
  const ask = formAsked(commands, words);
  if (ask?.kind === 'refused') return { kind: 'refused', command: ask.command, form: ask.form };
  const typed = words.join(' ');
  if (ask) {
    const { ref, command, form, option } = ask;
    return { kind: 'form', ref, command, form, ...(option ? { option } : {}), text: typed };
  }
  return { kind: 'core', text: typed };
}
