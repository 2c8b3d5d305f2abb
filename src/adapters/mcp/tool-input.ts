import {
  type ArgField,
  type CommandTool,
  type FieldValue,
  type Messages,
  toolTokens,
} from '../../core/index.js';
import type { SupportChannel } from './door-calls.js';
import { exampleCall, exampleOf } from './tool-schema.js';

/** A tool call's arguments read against its fields: the command's tokens, or the fix (docs/mcp.md §5). */
export type ToolInput = { ok: true; tokens: string[] } | { ok: false; fix: string };

/**
 * Checks only the shape (names, types, counts): the command's own parser then reads each token and
 * words what is wrong with a number or a PIN, before any provider call. A fix never repeats a value.
 */
export function readToolInput(tool: CommandTool, args: unknown, t: Messages): ToolInput {
  const a = t.assistant;
  const given = args ?? {};
  if (typeof given !== 'object' || Array.isArray(given))
    return { ok: false, fix: a.notAnObject(exampleCall(tool)) };
  const values = given as Record<string, unknown>;
  const names = tool.fields.map((f) => f.name);
  const extra = Object.keys(values).find((k) => !names.includes(k));
  if (extra !== undefined) return { ok: false, fix: a.unknownField(extra, names.join(', ')) };
  const read: Record<string, FieldValue | undefined> = {};
  for (const field of tool.fields) {
    const v = values[field.name];
    if (v === undefined || v === null) {
      if (field.required || (field.many && field.many.min > 0))
        return { ok: false, fix: a.missingField(field.name, example(field)) };
      continue;
    }
    const ok = field.many
      ? Array.isArray(v) && v.length <= field.many.max && v.every((x) => fits(field, x))
      : fits(field, v);
    if (!ok) return { ok: false, fix: a.wrongType(field.name, expected(field, t), example(field)) };
    read[field.name] = v as FieldValue;
  }
  return { ok: true, tokens: toolTokens(tool, read) };
}

function fits(field: ArgField, v: unknown): boolean {
  switch (field.kind) {
    case 'integer':
      return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
    case 'flag':
      return typeof v === 'boolean';
    case 'choice':
      return typeof v === 'string' && (field.values ?? []).includes(v);
    default:
      // One value each, as the command's parser takes it (`Core.runCommand` splits nothing).
      return typeof v === 'string' && v.trim() !== '';
  }
}

function expected(field: ArgField, t: Messages): string {
  const ty = t.assistant.types;
  if (field.many) return ty.list;
  if (field.kind === 'integer') return ty.integer;
  if (field.kind === 'flag') return ty.flag;
  if (field.kind === 'choice') return ty.choice((field.values ?? []).join(', '));
  return ty.text;
}

const example = (field: ArgField) => `{"${field.name}": ${JSON.stringify(exampleOf(field))}}`;

/** The option naming a support channel (docs/mcp.md §4.4): the MCP channel's own, not the command's. */
export const SUPPORT_CHANNEL = 'support_channel';

/** The arguments without `support_channel`, and the channel it names where the tool takes one. */
export function splitSupportChannel(
  args: unknown,
  offered: boolean,
  t: Messages,
): { ok: true; args: unknown; where?: SupportChannel } | { ok: false; fix: string } {
  if (!offered || typeof args !== 'object' || args === null || Array.isArray(args)) return { ok: true, args };
  const { [SUPPORT_CHANNEL]: named, ...rest } = args as Record<string, unknown>;
  if (named === undefined || named === null) return { ok: true, args: rest };
  if (typeof named !== 'string' || named.trim() === '')
    return {
      ok: false,
      fix: t.assistant.wrongType(SUPPORT_CHANNEL, t.assistant.types.text, SUPPORT_EXAMPLE),
    };
  return { ok: true, args: rest, where: { chatId: named.trim() } };
}

const SUPPORT_EXAMPLE = `{"${SUPPORT_CHANNEL}": "C0123SUPPORT"}`;
