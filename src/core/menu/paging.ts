import { encodeButton } from '../buttons.js';
import type { Messages } from '../messages.js';
import type { Reply } from '../reply.js';
import { withBack } from './home.js';

/**
 * Long lists page in place (docs/interface.md §3.2): the core cuts a table into pages of `pageRows` rows, each
 * page keeping the title and the column header, with ◀ ▶ and a page counter. Every channel gets
 * the same pages (Telegram edits the message, Slack replaces it), so no adapter splits a list.
 * Action ids are `p:<pendingId>:<page>`; the pending action holds the command and its arguments,
 * so a press re-reads the list rather than keeping call records in the store.
 */
export function pageCount(reply: Reply, pageRows: number): number {
  return Math.max(1, Math.ceil((reply.table?.rows.length ?? 0) / pageRows));
}

export function needsPaging(reply: Reply, pageRows: number): boolean {
  return (reply.table?.rows.length ?? 0) > pageRows;
}

export function pageOf(
  reply: Reply,
  page: number,
  options: { pageRows: number; pendingId: string; t: Messages; back: boolean; first: boolean },
): Reply {
  const { pageRows, pendingId, t } = options;
  const table = reply.table!;
  const pages = pageCount(reply, pageRows);
  const index = Math.min(Math.max(0, page), pages - 1);
  const rows = table.rows.slice(index * pageRows, (index + 1) * pageRows);
  const actions = [...(reply.actions ?? [])];
  if (index > 0)
    actions.push({ label: t.pagePrevious, actionId: pageButton(pendingId, index - 1), newRow: true });
  if (index < pages - 1)
    actions.push({ label: t.pageNext, actionId: pageButton(pendingId, index + 1), newRow: index === 0 });
  const paged: Reply = {
    ...reply,
    // The counter joins the table's own caption ("Times in <zone>."), never replaces it.
    table: { ...table, rows, caption: [table.caption, t.pageOf(index + 1, pages)].filter(Boolean).join(' ') },
    actions,
  };
  // The CSV file goes with the first answer only; turning pages must not send it again.
  if (!options.first) delete paged.file;
  return options.back ? withBack(paged, t) : paged;
}

const pageButton = (id: string, page: number) => encodeButton({ kind: 'page', id, page });
