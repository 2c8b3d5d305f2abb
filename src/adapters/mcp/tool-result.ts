import { type Messages, type Money, type Reply, tableGrid, tableLines } from '../../core/index.js';

/** A tool's answer (docs/mcp.md §3): text for the model, the same values typed, and whether it failed. */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: { replies: StructuredReply[] };
  isError?: boolean;
}

/** Money typed: the minor units as a string (never a float), their scale and the currency. */
export interface MoneyValue {
  minor: string;
  scale: number;
  currency: string;
}

interface StructuredReply {
  title?: string;
  text?: string;
  tone?: Reply['tone'];
  fields?: { label: string; value: string; money?: MoneyValue }[];
  table?: { columns: { name: string; type: 'text' | 'money' }[]; rows: (string | MoneyValue)[][] };
  file?: { name: string; mimeType: string; bytes: number };
}

const moneyValue = (m: Money): MoneyValue => ({
  minor: String(m.minor),
  scale: m.scale,
  currency: m.currency,
});

/**
 * What a secret reply becomes (docs/privacy.md §2.1, docs/mcp.md §4): the assistant never holds a
 * PIN, a password or a SIP password; it learns only where its owner can read it.
 */
function withhold(reply: Reply, t: Messages): Reply {
  if (reply.visibility !== 'secret') return reply;
  return { text: t.assistant.secretWithheld(t.assistant.privateChat), tone: 'info' };
}

function structured(r: Reply): StructuredReply {
  const out: StructuredReply = {};
  if (r.title) out.title = r.title;
  if (r.text) out.text = r.text;
  if (r.tone) out.tone = r.tone;
  if (r.fields?.length)
    out.fields = r.fields.map((f) => ({
      label: f.label,
      value: f.value,
      ...(f.money ? { money: moneyValue(f.money) } : {}),
    }));
  if (r.table) {
    const money = r.table.money;
    out.table = {
      columns: r.table.columns.map((name, i) => ({
        name,
        type: money?.some((row) => row[i] !== undefined) ? 'money' : 'text',
      })),
      rows: tableGrid(r.table).rows.map((row, ri) =>
        row.map((cell, ci) => {
          const m = money?.[ri]?.[ci];
          return m ? moneyValue(m) : cell;
        }),
      ),
    };
  }
  if (r.file) out.file = { name: r.file.name, mimeType: r.file.mimeType, bytes: r.file.content.length };
  return out;
}

/** A reply as plain text; buttons are left out (a press is the tool's own consent step). */
function text(r: Reply): string {
  const parts: string[] = [];
  if (r.title) parts.push(r.title);
  if (r.text) parts.push(r.text);
  for (const f of r.fields ?? []) parts.push(`${f.label}: ${f.value}`);
  for (const s of r.sections ?? []) parts.push(s.title, ...s.lines.map((l) => `  ${l}`));
  if (r.table) parts.push(...(r.table.caption ? [r.table.caption] : []), ...tableLines(r.table));
  if (r.file && typeof r.file.content === 'string') parts.push(r.file.content);
  return parts.join('\n');
}

/** The core's replies as one tool result; a reply in the error tone makes it a tool error. */
export function toolResult(replies: readonly Reply[], t: Messages): ToolResult {
  const shown = replies.map((r) => withhold(r, t));
  return {
    content: [{ type: 'text', text: shown.map(text).filter(Boolean).join('\n\n') }],
    structuredContent: { replies: shown.map(structured) },
    ...(shown.some((r) => r.tone === 'error') ? { isError: true } : {}),
  };
}

/** A refusal of the channel's own (bad input, no consent): a tool error in the user's words. */
export function toolError(message: string): ToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** The result with one more line of the channel's own (a note the core's replies do not carry). */
export function withLine(result: ToolResult, line: string): ToolResult {
  const [first, ...rest] = result.content;
  return {
    ...result,
    content: [{ type: 'text', text: first?.text ? `${first.text}\n\n${line}` : line }, ...rest],
    ...(result.structuredContent
      ? {
          structuredContent: { replies: [...result.structuredContent.replies, { text: line, tone: 'info' }] },
        }
      : {}),
  };
}
