import { pressable, type Reply, type ReplyTable, tableLines, wordsIn } from '../../core/index.js';
import { consoleWords } from './words/index.js';

/** A table in the one layout (core/values/table-layout.ts), its caption above. */
function formatTable(table: ReplyTable): string {
  return [...(table.caption ? [table.caption] : []), ...tableLines(table)].join('\n');
}

/**
 * A reply as plain terminal text. Buttons become numbered choices; `choices` maps the number the
 * user types back to the action id.
 */
export function renderText(reply: Reply, firstChoice = 1): { text: string; choices: Map<string, string> } {
  const parts: string[] = [];
  if (reply.title) parts.push(`== ${reply.title} ==`);
  if (reply.text) parts.push(reply.text);
  if (reply.fields?.length) {
    const w = Math.max(...reply.fields.map((f) => f.label.length));
    parts.push(reply.fields.map((f) => `${`${f.label}:`.padEnd(w + 1)} ${f.value}`).join('\n'));
  }
  for (const section of reply.sections ?? [])
    parts.push(`${section.title}\n${section.lines.map((l) => `  ${l}`).join('\n')}`);
  if (reply.table) parts.push(formatTable(reply.table));
  const t = wordsIn(consoleWords, reply.language);
  if (reply.file) parts.push(t.file(reply.file.name, reply.file.content.length));
  const choices = new Map<string, string>();
  const live = pressable(reply.actions);
  if (live.length) {
    const lines = live.map((a, i) => {
      const n = String(firstChoice + i);
      choices.set(n, a.actionId);
      return `  [${n}] ${a.label}`;
    });
    parts.push(`${t.choose}\n${lines.join('\n')}`);
  }
  // A button that can no longer act has no number to type: its label is a line (docs/interface.md §2.6).
  for (const a of reply.actions ?? []) if (a.disabled !== undefined) parts.push(`  (${a.label})`);
  return { text: parts.join('\n'), choices };
}
