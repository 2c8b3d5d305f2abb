/** An Adaptive Card attachment's content type (Teams' card reference). */
export const CARD_TYPE = 'application/vnd.microsoft.card.adaptive';

type Element = Record<string, unknown>;

/**
 * What a Teams message or card says, as plain lines: what a reader sees, for assertions and the
 * transcript (docs/teams.md §5).
 */
export function textOf(activity: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof activity.text === 'string') parts.push(activity.text);
  for (const a of (activity.attachments as { content?: unknown }[] | undefined) ?? [])
    parts.push(...cardText(a.content));
  return parts.join('\n');
}

function cardText(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(cardText);
  if (!node || typeof node !== 'object') return [];
  const el = node as Element;
  if (el.type === 'TextBlock') return [String(el.text)];
  if (el.type === 'FactSet')
    return (el.facts as { title: string; value: string }[]).map((f) => `${f.title}: ${f.value}`);
  if (el.type === 'TableRow')
    return [(el.cells as Element[]).map((c) => cardText(c.items).join(' ')).join(' | ')];
  if (el.type === 'Action.Execute') return [`[${String(el.title)}]`];
  if (el.type === 'Input.Text') return [`(${String(el.label ?? el.id)})`];
  return Object.entries(el)
    .filter(([k]) => k === 'body' || k === 'items' || k === 'rows' || k === 'actions' || k === 'columns')
    .flatMap(([k, v]) => (k === 'columns' ? [] : cardText(v)));
}

/** The `Action.Execute` buttons of a message's cards: their titles and data. */
export function actionsOf(
  activity: Record<string, unknown>,
): { title: string; data: Record<string, unknown> }[] {
  const found: { title: string; data: Record<string, unknown> }[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const el = node as Element;
    if (el.type === 'Action.Execute')
      found.push({ title: String(el.title), data: (el.data ?? {}) as Record<string, unknown> });
    for (const value of Object.values(el)) walk(value);
  };
  walk(activity.attachments);
  return found;
}
