import type { ArgField, CommandInfo, CommandTool, FieldKind, Messages } from '../../core/index.js';

/** An MCP tool as `tools/list` gives it (docs/mcp.md §2). */
export interface ListedTool {
  name: string;
  title: string;
  description: string;
  inputSchema: {
    type: 'object';
    properties: Record<string, object>;
    required?: string[];
    additionalProperties: false;
  };
  annotations: {
    title: string;
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: boolean;
  };
}

/** An example value per kind, for descriptions and for the fixes of bad input. */
export const EXAMPLE: Record<FieldKind, string | number | boolean> = {
  phone: '+49 30 1234567',
  pin: '1234567890',
  amount: '10.00',
  integer: 20,
  date: '2026-01-31',
  text: 'work',
  choice: '',
  flag: true,
};

export function exampleOf(field: ArgField): unknown {
  const one = field.kind === 'choice' ? (field.values?.[0] ?? '') : EXAMPLE[field.kind];
  return field.many ? [one] : one;
}

/** `card_block {"card_number":"+49 30 1234567"}`: a call of a tool with its required fields. */
export function exampleCall(tool: CommandTool): string {
  const args = Object.fromEntries(tool.fields.filter((f) => f.required).map((f) => [f.name, exampleOf(f)]));
  return `${tool.name} ${JSON.stringify(args)}`;
}

function fieldSchema(field: ArgField, t: Messages): object {
  const description = field.word ? t.arg[field.word] : field.name;
  const one =
    field.kind === 'integer'
      ? { type: 'integer', minimum: 0 }
      : field.kind === 'flag'
        ? { type: 'boolean' }
        : field.kind === 'choice'
          ? { type: 'string', enum: [...(field.values ?? [])] }
          : { type: 'string', minLength: 1 };
  const example = exampleOf(field);
  if (!field.many) return { ...one, description, examples: [example] };
  return { type: 'array', items: one, minItems: field.many.min, maxItems: field.many.max, description };
}

/**
 * The hints (docs/mcp.md §2): a read is read-only and idempotent; a write is destructive when its
 * effect is, idempotent unless its provider operation is never retried; open world unless it
 * changes only this bot's own settings.
 */
function annotations(tool: CommandTool, title: string): ListedTool['annotations'] {
  const readOnly = tool.effect === 'none';
  return {
    title,
    readOnlyHint: readOnly,
    destructiveHint: tool.effect === 'destructive',
    idempotentHint: readOnly || !tool.neverRetry,
    openWorldHint: tool.openWorld ?? true,
  };
}

/**
 * The tools that take `support_channel` (docs/mcp.md §4.4): those of a command a support agent may
 * run, that reach the provider (a person's own settings are nobody's team's).
 */
export function supportChannelTools(commands: readonly CommandInfo[]): Set<string> {
  return new Set(
    commands
      .filter((c) => c.roles.includes('agent'))
      .flatMap((c) => c.tools ?? [])
      .filter((tool) => tool.openWorld !== false)
      .map((tool) => tool.name),
  );
}

/** Every tool of the command table, described in the user's language. */
export function listTools(commands: readonly CommandInfo[], t: Messages): ListedTool[] {
  const team = supportChannelTools(commands);
  return commands.flatMap((c) =>
    (c.tools ?? []).map((tool) => {
      const words = (t.cmd as Record<string, { summary: string; usage: string } | undefined>)[c.name];
      const summary = words?.summary ?? c.summary;
      const title = tool.sub ? `${summary} (${tool.sub})` : summary;
      const required = tool.fields.filter((f) => f.required).map((f) => f.name);
      return {
        name: tool.name,
        title,
        description: `${title}. ${words?.usage ?? c.usage}`,
        inputSchema: {
          type: 'object' as const,
          properties: {
            ...Object.fromEntries(tool.fields.map((f) => [f.name, fieldSchema(f, t)])),
            ...(team.has(tool.name)
              ? { support_channel: { type: 'string', minLength: 1, description: t.assistant.supportChannel } }
              : {}),
          },
          ...(required.length ? { required } : {}),
          additionalProperties: false as const,
        },
        annotations: annotations(tool, title),
      };
    }),
  );
}
