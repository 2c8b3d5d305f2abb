import type { CommandInfo } from '../../core/index.js';
import { plainCommandText } from './escape.js';

/**
 * What a slash command's text asks for. Linking and support-channel setup are intercepted here
 * because they carry passwords: Slack shows command text in the channel and in logs, so they run
 * through modals instead (issue 6 "Linking uses a modal"). Everything else is the core's to parse.
 */
export type CommandIntent =
  | { kind: 'core'; text: string }
  | { kind: 'link-modal'; credential: 'account' | 'card' }
  /** `/tel link user pass`: refused with a pointer to the modal; the text goes nowhere (not the core, not a log). */
  | { kind: 'refused'; modal: 'link' | 'team setup' }
  | { kind: 'setup-modal' };

export function classifyCommand(raw: string, commands: readonly CommandInfo[]): CommandIntent {
  const text = plainCommandText(raw).replace(/^\//, '');
  const words = text.split(/\s+/).filter(Boolean);
  const first = (words[0] ?? '').toLowerCase();
  if (words.length === 0) return { kind: 'core', text: 'help' };
  if (linkNames(commands).has(first)) {
    if (words.length === 1) return { kind: 'link-modal', credential: 'account' };
    if (words.length === 2 && words[1]!.toLowerCase() === 'card')
      return { kind: 'link-modal', credential: 'card' };
    return { kind: 'refused', modal: 'link' };
  }
  if (first === 'team' && (words[1] ?? '').toLowerCase() === 'setup') {
    return words.length === 2 ? { kind: 'setup-modal' } : { kind: 'refused', modal: 'team setup' };
  }
  return { kind: 'core', text: words.join(' ') };
}

function linkNames(commands: readonly CommandInfo[]): Set<string> {
  const link = commands.find((c) => c.name === 'link');
  return new Set(['link', ...(link?.aliases ?? [])].map((n) => n.toLowerCase()));
}
