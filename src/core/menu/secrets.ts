import type { Messages } from '../messages.js';
import type { Reply } from '../reply.js';

/**
 * A reply that holds a secret (a PIN, a SIP password) is shown as a spoiler and deleted from the
 * chat after `ttlMs` (docs/privacy.md §2.3), with a note saying so. One rule, here; adapters render
 * `spoiler` and schedule `deleteAfterMs`. Where the channel cannot delete (`ttlMs` undefined: the
 * console's scrollback, Slack), the secret is still a spoiler, and no deletion is promised.
 */
export function markSecret(reply: Reply, t: Messages, ttlMs: number | undefined): Reply {
  if (reply.visibility !== 'secret') return reply;
  const fields = reply.fields?.map((f) => ({ ...f, spoiler: true }));
  if (ttlMs === undefined) return { ...reply, fields };
  const note = t.secretDeletesIn(Math.max(1, Math.round(ttlMs / 60_000)));
  return {
    ...reply,
    fields,
    text: reply.text ? `${reply.text}\n${note}` : note,
    deleteAfterMs: ttlMs,
  };
}
