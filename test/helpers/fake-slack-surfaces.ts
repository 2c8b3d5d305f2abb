/**
 * The 2026 Slack surfaces the fake Web API keeps (fake-slack.ts): the `data_visualization` block's
 * limits (docs.slack.dev/reference/block-kit/blocks/data-visualization-block: a title ≤ 50, labels
 * and categories ≤ 20, a pie of 1 to 6 segments, a bar chart of 1 to 6 series whose points name
 * its categories, at most two charts in a message), and Work Objects (`chat.unfurl` with
 * `metadata.entities`, `entity.presentDetails`), each refused as Slack documents.
 */
type Obj = Record<string, unknown>;

/** Problems of one `data_visualization` block; the count per message is checked by the caller. */
export function chartProblems(b: Obj): string[] {
  const out: string[] = [];
  const label = (v: unknown, where: string) => {
    if (typeof v !== 'string' || v.length === 0 || v.length > 20)
      out.push(`${where}: label of 1-20 characters`);
  };
  const value = (v: unknown, where: string) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) out.push(`${where}: value must be a number`);
  };
  if (typeof b.title !== 'string' || b.title.length === 0 || b.title.length > 50)
    out.push('title of 1-50 characters');
  const chart = (b.chart ?? {}) as Obj;
  if (chart.type === 'pie') {
    const segments = chart.segments as Obj[] | undefined;
    if (!Array.isArray(segments) || segments.length < 1 || segments.length > 6)
      return [...out, 'pie needs 1-6 segments'];
    segments.forEach((s, i) => {
      label(s.label, `segments[${i}]`);
      value(s.value, `segments[${i}]`);
    });
    return out;
  }
  if (chart.type !== 'bar' && chart.type !== 'line' && chart.type !== 'area')
    return [...out, `unknown chart type ${String(chart.type)}`];
  const categories = ((chart.axis_config ?? {}) as Obj).categories as unknown[] | undefined;
  if (!Array.isArray(categories) || categories.length === 0)
    return [...out, 'axis_config.categories missing'];
  categories.forEach((c, i) => {
    label(c, `categories[${i}]`);
  });
  const series = chart.series as Obj[] | undefined;
  if (!Array.isArray(series) || series.length < 1 || series.length > 6) return [...out, 'needs 1-6 series'];
  for (const [i, s] of series.entries()) {
    for (const [j, p] of ((s.data ?? []) as Obj[]).entries()) {
      if (!categories.includes(p.label)) out.push(`series[${i}].data[${j}]: label not among the categories`);
      value(p.value, `series[${i}].data[${j}]`);
    }
  }
  return out;
}

/** How many charts a message carries: a third one is refused (`invalid_blocks`). */
export const CHARTS_PER_MESSAGE = 2;

/** The reason recorded for a chart refused by `refuseCharts()`. */
export const CHARTS_REFUSED = 'data_visualization blocks are not available in this workspace';

/**
 * The entity types Slack documents for Work Objects (docs.slack.dev/messaging/work-objects-implementation,
 * "Supported entity types"; `@slack/types` EntityType): any other is refused (`invalid_metadata`).
 */
export const DOCUMENTED_ENTITY_TYPES = [
  'slack#/entities/file',
  'slack#/entities/task',
  'slack#/entities/incident',
  'slack#/entities/content_item',
  'slack#/entities/item',
];

/** Blocks of a message body (JSON string or array). */
export function blocksOf(body: Obj): Obj[] {
  const raw = typeof body.blocks === 'string' ? (JSON.parse(body.blocks) as unknown) : body.blocks;
  return Array.isArray(raw) ? (raw as Obj[]) : [];
}

function parsed(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The agent view's and Work Objects' Web API methods, answered as Slack documents them:
 * `assistant.threads.setSuggestedPrompts` (a thread, 1 to 4 prompts with a title and a message),
 * `chat.unfurl` (channel+ts or unfurl_id+source; `metadata.entities` each with `app_unfurl_url`,
 * `entity_type`, `external_ref.id` and `entity_payload.attributes.title`), and
 * `entity.presentDetails` (a trigger_id from an `entity_details_requested` event, once; metadata
 * for that entity only, else `entity_metadata_does_not_match_trigger`).
 */
export class FakeSurfaces {
  readonly #triggers = new Map<string, string>();
  #seq = 0;

  /** A trigger_id as Slack puts it in `entity_details_requested` for the entity `ref`. */
  entityTrigger(ref: string): string {
    const trigger = `entity.${++this.#seq}.${ref.length}`;
    this.#triggers.set(trigger, ref);
    return trigger;
  }

  answer(method: string, body: Obj): Obj | undefined {
    if (method === 'assistant.threads.setSuggestedPrompts') return this.#prompts(body);
    if (method === 'chat.unfurl') return this.#unfurl(body);
    if (method === 'entity.presentDetails') return this.#details(body);
    return undefined;
  }

  #prompts(body: Obj): Obj {
    const prompts = parsed(body.prompts) as Obj[] | undefined;
    if (!body.channel_id || !body.thread_ts) return { ok: false, error: 'invalid_arguments' };
    if (!Array.isArray(prompts) || prompts.length < 1 || prompts.length > 4)
      return { ok: false, error: 'invalid_arguments' };
    const ok = prompts.every(
      (p) => typeof p.title === 'string' && p.title && typeof p.message === 'string' && p.message,
    );
    return ok ? { ok: true } : { ok: false, error: 'invalid_arguments' };
  }

  #unfurl(body: Obj): Obj {
    const target = (body.channel && body.ts) || (body.unfurl_id && body.source);
    if (!target) return { ok: false, error: 'invalid_arguments' };
    const metadata = parsed(body.metadata) as { entities?: Obj[] } | undefined;
    if (body.metadata !== undefined) {
      const entities = metadata?.entities;
      if (!Array.isArray(entities) || entities.length === 0) return { ok: false, error: 'invalid_metadata' };
      for (const e of entities) {
        const payload = (e.entity_payload ?? {}) as { attributes?: { title?: { text?: unknown } } };
        if (typeof e.app_unfurl_url !== 'string' || !DOCUMENTED_ENTITY_TYPES.includes(String(e.entity_type)))
          return { ok: false, error: 'invalid_metadata' };
        if (typeof (e.external_ref as Obj | undefined)?.id !== 'string')
          return { ok: false, error: 'invalid_metadata' };
        if (typeof payload.attributes?.title?.text !== 'string')
          return { ok: false, error: 'invalid_metadata' };
      }
    } else if (body.unfurls === undefined) return { ok: false, error: 'invalid_arguments' };
    return { ok: true };
  }

  #details(body: Obj): Obj {
    const trigger = String(body.trigger_id ?? '');
    const ref = this.#triggers.get(trigger);
    if (ref === undefined) return { ok: false, error: 'invalid_trigger_id' };
    this.#triggers.delete(trigger);
    const metadata = parsed(body.metadata) as Obj | undefined;
    if (metadata !== undefined) {
      if ((metadata.external_ref as Obj | undefined)?.id !== ref)
        return { ok: false, error: 'entity_metadata_does_not_match_trigger' };
      if (!DOCUMENTED_ENTITY_TYPES.includes(String(metadata.entity_type)))
        return { ok: false, error: 'invalid_metadata' };
    }
    return { ok: true };
  }
}
