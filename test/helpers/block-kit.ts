/**
 * Slack's documented Block Kit limits as a checker (api.slack.com/reference/block-kit: "Blocks",
 * "Block elements", "Composition objects", "Views"), for every payload the tests produce. The fake
 * Web API answers `invalid_blocks` when a payload fails it, as Slack does.
 *
 * - at most 50 blocks in a message, 100 in a modal or Home tab;
 * - block_id ≤ 255 chars and unique; action_id ≤ 255 chars and unique within its block ("should be
 *   unique among all other action_ids in the containing block");
 * - section text ≤ 3000, ≤ 10 fields of ≤ 2000 each; header plain_text ≤ 150; context ≤ 10
 *   elements; actions ≤ 25 elements;
 * - button text ≤ 75 plain_text, value ≤ 2000, url ≤ 3000, style primary|danger; a confirm has a
 *   title ≤ 100, text ≤ 300, confirm/deny ≤ 30;
 * - input label ≤ 2000, hint ≤ 2000, placeholder ≤ 150;
 * - a view's title, submit and close ≤ 24 plain_text; private_metadata ≤ 3000; callback_id ≤ 255;
 * - text objects are non-empty; plain_text where only plain_text is allowed;
 * - a table (@slack/types `TableBlock`, "Table block"): messages only, one per message; at most
 *   100 rows, each of 1 to 20 cells; a cell is `raw_text` (text of at least 1 character),
 *   `raw_number` (a numeric `value` and a `text` of at least 1 character) or `rich_text`; at most
 *   20 `column_settings`, each with `align` left, center or right and a boolean `is_wrapped`.
 */
import { CHARTS_PER_MESSAGE, chartProblems } from './fake-slack-surfaces.js';

type Obj = Record<string, unknown>;

export function blockKitProblem(
  blocks: unknown,
  surface: 'message' | 'modal' | 'home',
  view?: Obj,
): string | undefined {
  if (!Array.isArray(blocks)) return 'blocks must be an array';
  const max = surface === 'message' ? 50 : 100;
  if (blocks.length > max) return `too many blocks: ${blocks.length} > ${max}`;
  let actionIds = new Set<string>();
  let tables = 0;
  let charts = 0;
  const blockIds = new Set<string>();
  const problems: string[] = [];
  const fail = (where: string, what: string) => problems.push(`${where}: ${what}`);

  const textObject = (where: string, t: unknown, maxLen: number, plainOnly = false) => {
    if (typeof t !== 'object' || t === null) return fail(where, 'missing text object');
    const o = t as Obj;
    if (o.type !== 'plain_text' && o.type !== 'mrkdwn') return fail(where, `bad text type ${String(o.type)}`);
    if (plainOnly && o.type !== 'plain_text') return fail(where, 'must be plain_text');
    if (typeof o.text !== 'string' || o.text.length === 0) return fail(where, 'empty text');
    if (o.text.length > maxLen) fail(where, `text longer than ${maxLen} (${o.text.length})`);
  };
  const actionId = (where: string, id: unknown) => {
    if (typeof id !== 'string' || id.length === 0 || id.length > 255) return fail(where, 'bad action_id');
    if (actionIds.has(id)) fail(where, `duplicate action_id ${id}`);
    actionIds.add(id);
  };
  const element = (where: string, e: Obj) => {
    if (e.type === 'button') {
      textObject(`${where}.text`, e.text, 75, true);
      actionId(where, e.action_id);
      if (typeof e.value === 'string' && e.value.length > 2000) fail(where, 'value longer than 2000');
      if (typeof e.url === 'string' && e.url.length > 3000) fail(where, 'url longer than 3000');
      if (e.style !== undefined && e.style !== 'primary' && e.style !== 'danger') fail(where, 'bad style');
      if (e.confirm) {
        const c = e.confirm as Obj;
        textObject(`${where}.confirm.title`, c.title, 100, true);
        textObject(`${where}.confirm.text`, c.text, 300);
        textObject(`${where}.confirm.confirm`, c.confirm, 30, true);
        textObject(`${where}.confirm.deny`, c.deny, 30, true);
      }
      return;
    }
    if (typeof e.action_id === 'string') actionId(where, e.action_id);
    if (e.placeholder) textObject(`${where}.placeholder`, e.placeholder, 150, true);
  };

  blocks.forEach((raw, i) => {
    const b = raw as Obj;
    const where = `blocks[${i}]`;
    actionIds = new Set<string>();
    if (b.block_id !== undefined) {
      const id = String(b.block_id);
      if (id.length > 255) fail(where, 'block_id longer than 255');
      if (blockIds.has(id)) fail(where, `duplicate block_id ${id}`);
      blockIds.add(id);
    }
    switch (b.type) {
      case 'section': {
        if (b.text === undefined && b.fields === undefined) fail(where, 'section needs text or fields');
        if (b.text !== undefined) textObject(`${where}.text`, b.text, 3000);
        if (b.fields !== undefined) {
          const fields = b.fields as unknown[];
          if (fields.length > 10) fail(where, 'more than 10 fields');
          fields.forEach((f, j) => {
            textObject(`${where}.fields[${j}]`, f, 2000);
          });
        }
        if (b.accessory) element(`${where}.accessory`, b.accessory as Obj);
        break;
      }
      case 'header':
        textObject(`${where}.text`, b.text, 150, true);
        break;
      case 'divider':
        break;
      case 'context': {
        const els = (b.elements ?? []) as Obj[];
        if (els.length === 0 || els.length > 10) fail(where, 'context needs 1-10 elements');
        els.forEach((e, j) => {
          if (e.type === 'plain_text' || e.type === 'mrkdwn') textObject(`${where}.elements[${j}]`, e, 3000);
        });
        break;
      }
      case 'actions': {
        const els = (b.elements ?? []) as Obj[];
        if (els.length === 0 || els.length > 25) fail(where, 'actions needs 1-25 elements');
        els.forEach((e, j) => {
          element(`${where}.elements[${j}]`, e);
        });
        break;
      }
      case 'input':
        if (surface === 'message') fail(where, 'input blocks belong in modals');
        textObject(`${where}.label`, b.label, 2000, true);
        if (b.hint) textObject(`${where}.hint`, b.hint, 2000, true);
        element(`${where}.element`, b.element as Obj);
        break;
      case 'data_visualization':
        if (surface !== 'message') fail(where, 'data_visualization blocks belong in messages');
        charts += 1;
        if (charts > CHARTS_PER_MESSAGE) fail(where, `at most ${CHARTS_PER_MESSAGE} charts in a message`);
        chartProblems(b).forEach((p) => {
          fail(where, p);
        });
        break;
      case 'table':
        if (surface !== 'message') fail(where, 'table blocks belong in messages');
        tables += 1;
        if (tables > 1) fail(where, 'only one table block per message');
        tableProblems(b).forEach((p) => {
          fail(where, p);
        });
        break;
      default:
        fail(where, `unknown block type ${String(b.type)}`);
    }
  });
  if (view) {
    if (surface === 'modal') textObject('view.title', view.title, 24, true);
    if (view.submit) textObject('view.submit', view.submit, 24, true);
    if (view.close) textObject('view.close', view.close, 24, true);
    if (typeof view.private_metadata === 'string' && view.private_metadata.length > 3000)
      fail('view', 'private_metadata longer than 3000');
    if (typeof view.callback_id === 'string' && view.callback_id.length > 255)
      fail('view', 'callback_id too long');
  }
  return problems[0];
}

/** The table block's own rules (see the list above). */
function tableProblems(b: Obj): string[] {
  const out: string[] = [];
  const rows = b.rows;
  if (!Array.isArray(rows) || rows.length === 0) return ['a table needs rows'];
  if (rows.length > 100) out.push(`more than 100 rows (${rows.length})`);
  for (const [r, row] of (rows as unknown[]).entries()) {
    if (!Array.isArray(row) || row.length === 0 || row.length > 20) {
      out.push(`rows[${r}] needs 1-20 cells`);
      continue;
    }
    for (const [c, raw] of (row as unknown[]).entries()) out.push(...cellProblems(raw, `rows[${r}][${c}]`));
  }
  const settings = b.column_settings;
  if (settings !== undefined) {
    if (!Array.isArray(settings) || settings.length > 20) out.push('column_settings: at most 20 items');
    else
      for (const raw of settings) {
        const s = (raw ?? {}) as Obj;
        if (raw === null || (s.align !== undefined && !['left', 'center', 'right'].includes(String(s.align))))
          out.push('column_settings: bad align');
        if (s.is_wrapped !== undefined && typeof s.is_wrapped !== 'boolean')
          out.push('column_settings: is_wrapped is a boolean');
      }
  }
  return out;
}

function cellProblems(raw: unknown, at: string): string[] {
  const cell = (raw ?? {}) as Obj;
  const nonEmpty = (v: unknown) => typeof v === 'string' && v.length > 0;
  if (cell.type === 'raw_text') return nonEmpty(cell.text) ? [] : [`${at}: empty raw_text`];
  if (cell.type === 'raw_number') {
    const out: string[] = [];
    if (typeof cell.value !== 'number' || !Number.isFinite(cell.value))
      out.push(`${at}: raw_number needs a value`);
    if (!nonEmpty(cell.text)) out.push(`${at}: raw_number needs a text`);
    return out;
  }
  if (cell.type === 'rich_text')
    return Array.isArray(cell.elements) && cell.elements.length > 0 ? [] : [`${at}: empty rich_text`];
  return [`${at}: bad cell type ${String(cell.type)}`];
}

/** A message payload (chat.postMessage, postEphemeral, update, response_url): blocks and fallback text. */
export function messageProblem(body: Obj): string | undefined {
  if (typeof body.text === 'string' && body.text.length > 40_000) return 'msg_too_long';
  if (body.blocks === undefined) return undefined;
  const blocks = typeof body.blocks === 'string' ? (JSON.parse(body.blocks) as unknown) : body.blocks;
  return blockKitProblem(blocks, 'message');
}

/** A view (views.open, views.update, views.push, views.publish). */
export function viewProblem(raw: unknown): string | undefined {
  const view = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Obj | undefined;
  if (!view) return 'view missing';
  const surface = view.type === 'home' ? 'home' : 'modal';
  return blockKitProblem(view.blocks, surface, view);
}

/**
 * A table block as its reader sees it: one line per row, cells joined by " | " (a rich_text cell
 * by its text elements). Empty when `block` is no table.
 */
export function tableText(block: unknown): string {
  const b = (block ?? {}) as Obj;
  if (b.type !== 'table' || !Array.isArray(b.rows)) return '';
  const cell = (raw: unknown): string => {
    const c = (raw ?? {}) as Obj;
    if (c.type !== 'rich_text') return String(c.text ?? '');
    return ((c.elements ?? []) as Obj[])
      .flatMap((section) => (section.elements ?? []) as Obj[])
      .map((e) => String(e.text ?? ''))
      .join('');
  };
  return (b.rows as unknown[][]).map((row) => row.map(cell).join(' | ')).join('\n');
}
