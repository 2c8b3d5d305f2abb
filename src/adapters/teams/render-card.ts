import { ACTOR_MARK, type Reply, type ReplyForm, tableLines } from '../../core/index.js';

/**
 * A channel-neutral reply as Teams shows it (docs/teams.md §3): an Adaptive Card (1.5) where the
 * reply has more than words (fields as a FactSet, a `Table`, grouped sections, `Action.Execute`
 * buttons, a chart as an image), else a text message. The `plain` form (after a refusal) writes a
 * table as monospace lines instead. The person who acted is named by an `<at>` mention.
 */
export const CARD = 'application/vnd.microsoft.card.adaptive';

/** Who `ACTOR_MARK` stands for: the Teams user id and display name. */
export interface Actor {
  readonly id: string;
  readonly name: string;
}

/** The message activity of a reply (without conversation, recipient or id). */
export interface Rendered {
  type: 'message';
  text?: string;
  textFormat?: 'plain' | 'markdown';
  attachments?: { contentType: string; content: object; name?: string; contentUrl?: string }[];
  entities?: object[];
}

type Element = Record<string, unknown>;

const textBlock = (text: string, extra: Element = {}): Element => ({
  type: 'TextBlock',
  text,
  wrap: true,
  ...extra,
});

export function renderReply(reply: Reply, form: ReplyForm = 'rich', actor?: Actor): Rendered {
  const mention = actor ? `<at>${actor.name}</at>` : '';
  const named = (text: string) => text.split(ACTOR_MARK).join(mention);
  const mentioned = [reply.title, reply.text].some((t) => t?.includes(ACTOR_MARK)) && actor;
  const entities = mentioned
    ? [{ type: 'mention', text: mention, mentioned: { id: actor.id, name: actor.name } }]
    : [];
  if (!hasCardParts(reply)) {
    const text = named([reply.title, reply.text].filter(Boolean).join('\n\n'));
    return {
      type: 'message',
      text,
      textFormat: mentioned ? 'markdown' : 'plain',
      ...(entities.length ? { entities } : {}),
    };
  }
  return {
    type: 'message',
    attachments: [{ contentType: CARD, content: cardOf(reply, form, named) }],
    ...(entities.length ? { entities } : {}),
  };
}

/** The reply as an Adaptive Card (also the invoke answer that replaces a pressed card). */
export function cardOf(
  reply: Reply,
  form: ReplyForm = 'rich',
  named: (t: string) => string = (t) => t,
): object {
  const body: Element[] = [];
  if (reply.title) body.push(textBlock(named(reply.title), { weight: 'Bolder', size: 'Medium' }));
  if (reply.text) body.push(textBlock(named(reply.text)));
  if (reply.fields?.length)
    body.push({ type: 'FactSet', facts: reply.fields.map((f) => ({ title: f.label, value: f.value })) });
  for (const section of reply.sections ?? [])
    body.push({
      type: 'Container',
      items: [textBlock(section.title, { weight: 'Bolder' }), textBlock(section.lines.join('\n\n'))],
    });
  if (reply.table) body.push(...tableOf(reply.table, form));
  const image = reply.file && reply.file.mimeType === 'image/png' && typeof reply.file.content !== 'string';
  if (image && reply.file)
    body.push({
      type: 'Image',
      url: `data:image/png;base64,${Buffer.from(reply.file.content as Uint8Array).toString('base64')}`,
      altText: reply.file.name,
    });
  return {
    type: 'AdaptiveCard',
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    version: '1.5',
    body,
    ...(reply.actions?.length
      ? {
          actions: reply.actions.map((a) => ({
            type: 'Action.Execute',
            title: a.label,
            verb: 'press',
            data: { a: a.actionId },
            ...(a.style ? { style: a.style === 'danger' ? 'destructive' : 'positive' } : {}),
          })),
        }
      : {}),
  };
}

function tableOf(table: NonNullable<Reply['table']>, form: ReplyForm): Element[] {
  const caption = table.caption ? [textBlock(table.caption, { isSubtle: true })] : [];
  if (form === 'plain')
    return [textBlock(tableLines(table).join('\n'), { fontType: 'Monospace' }), ...caption];
  const align = (i: number) => (table.align?.[i] === 'right' ? 'Right' : 'Left');
  const row = (cells: string[], header = false) => ({
    type: 'TableRow',
    cells: cells.map((c, i) => ({
      type: 'TableCell',
      items: [textBlock(c, { horizontalAlignment: align(i), ...(header ? { weight: 'Bolder' } : {}) })],
    })),
  });
  return [
    {
      type: 'Table',
      firstRowAsHeader: true,
      columns: table.columns.map(() => ({ width: 1 })),
      rows: [row(table.columns, true), ...table.rows.map((r) => row(r))],
    },
    ...caption,
  ];
}

function hasCardParts(reply: Reply): boolean {
  return Boolean(
    reply.fields?.length || reply.table || reply.sections?.length || reply.actions?.length || reply.file,
  );
}
