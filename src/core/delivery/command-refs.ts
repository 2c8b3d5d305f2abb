import type { Platform } from '../identity.js';
import type { Reply } from '../reply.js';

/** Command references as a platform's users type them, one rewriter per platform. */
/** Rewrites a reply's command references; a placed reply stays placed. */
export type Refs = <R extends Reply>(reply: R) => R;
export type RefsFor = (platform: Platform) => Refs;

/**
 * The one source of {@link RefsFor}: `prefixes` says how each platform types a command (`/`, the
 * default, or Slack's `/tel `); `names` are the command table's names and aliases. Replies to
 * commands, the Home tab and messages the bot sends first all go through it.
 */
export function refsForPlatforms(
  prefixes: Partial<Record<Platform, string>>,
  names: Iterable<string>,
): RefsFor {
  const list = [...names];
  const made = new Map<Platform, Refs>();
  return (platform) => {
    let refs = made.get(platform);
    if (!refs) {
      refs = commandRefs(prefixes[platform] ?? '/', list);
      made.set(platform, refs);
    }
    return refs;
  };
}

/**
 * Shows every command reference the way this platform's user types it (docs/privacy.md §4): `/balance` in
 * Telegram and on the console, `/tel balance` in Slack with the configured command name. The
 * catalogue writes `/name`; only names of the command table are rewritten.
 */
function commandRefs(prefix: string, names: Iterable<string>): Refs {
  if (prefix === '/') return (reply) => reply;
  const alternatives = [...names].sort((a, b) => b.length - a.length).join('|');
  const pattern = new RegExp(`(^|[^\\w/])/(${alternatives})(?![\\w/-])`, 'g');
  const fix = (text: string) =>
    text.replace(pattern, (_m, before: string, name: string) => `${before}${prefix}${name}`);
  const opt = (text: string | undefined) => (text === undefined ? undefined : fix(text));
  return <R extends Reply>(reply: R): R => ({
    ...reply,
    ...(reply.title !== undefined ? { title: fix(reply.title) } : {}),
    ...(reply.text !== undefined ? { text: fix(reply.text) } : {}),
    ...(reply.table
      ? {
          table: {
            ...reply.table,
            rows: reply.table.rows.map((row) => row.map(fix)),
            ...(reply.table.caption !== undefined ? { caption: opt(reply.table.caption) } : {}),
          },
        }
      : {}),
    ...(reply.sections
      ? { sections: reply.sections.map((s) => ({ title: fix(s.title), lines: s.lines.map(fix) })) }
      : {}),
    ...(reply.actions
      ? {
          actions: reply.actions.map((a) =>
            a.confirmText === undefined ? a : { ...a, confirmText: fix(a.confirmText) },
          ),
        }
      : {}),
  });
}
