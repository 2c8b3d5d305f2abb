/**
 * `chat.startStream` / `chat.appendStream` / `chat.stopStream` for the fake Web API, with the limits
 * Slack documents: a stream is a reply in a thread (`thread_ts` of a message in that channel);
 * outside a DM it needs `recipient_user_id` and `recipient_team_id`; `chunks` or `markdown_text`
 * (at most 12,000 characters) on start and append; chunk types `markdown_text`, `plan_update`,
 * `task_update` (with `id`, `title` and a status of pending, in_progress, complete, error) and
 * `blocks`; `task_display_mode` `timeline` or `plan`; append and stop only on a stream still open.
 * `refuse()` answers like a workspace without streaming (`unknown_method`), nothing shown.
 */
export interface FakeStream {
  readonly channel: string;
  readonly ts: string;
  readonly threadTs: string;
  readonly mode: string;
  /** Every call's chunks, in order: the start's first. */
  readonly chunks: unknown[][];
  stopped: boolean;
}

const STATUSES = ['pending', 'in_progress', 'complete', 'error'];
const TYPES = ['markdown_text', 'plan_update', 'task_update', 'blocks'];

/** A form field that may hold JSON, read as the fake reads every other (fake-slack.ts `parseJson`). */
type Parse = (value: unknown) => unknown;

function chunkProblem(body: Record<string, unknown>, required: boolean, parse: Parse): string | undefined {
  const chunks = parse(body.chunks);
  const markdown = body.markdown_text;
  if (required && chunks === undefined && markdown === undefined) return 'invalid_arguments';
  if (typeof markdown === 'string' && markdown.length > 12_000) return 'msg_too_long';
  if (chunks === undefined) return undefined;
  if (!Array.isArray(chunks)) return 'invalid_chunks';
  for (const c of chunks as Record<string, unknown>[]) {
    if (!TYPES.includes(String(c.type))) return 'invalid_chunks';
    if (c.type === 'task_update' && (!c.id || !c.title || !STATUSES.includes(String(c.status))))
      return 'invalid_chunks';
    if (c.type === 'plan_update' && !c.title) return 'invalid_chunks';
  }
  return undefined;
}

export function fakeSlackStreams(
  nextTs: () => string,
  isMessage: (channel: string, ts: string) => boolean,
  parse: Parse,
) {
  const streams = new Map<string, FakeStream>();
  let refused = false;
  const key = (body: Record<string, unknown>) => `${String(body.channel)}:${String(body.ts)}`;
  function answer(method: string, body: Record<string, unknown>): Record<string, unknown> {
    if (refused) return { ok: false, error: 'unknown_method' };
    const channel = String(body.channel ?? '');
    if (method === 'chat.startStream') {
      const thread = body.thread_ts === undefined ? '' : String(body.thread_ts);
      if (!thread) return { ok: false, error: 'invalid_arguments', detail: 'a stream replies in a thread' };
      if (!isMessage(channel, thread)) return { ok: false, error: 'message_not_found' };
      if (!channel.startsWith('D') && (!body.recipient_user_id || !body.recipient_team_id))
        return { ok: false, error: 'invalid_arguments', detail: 'recipient needed outside a DM' };
      const mode = String(body.task_display_mode ?? 'timeline');
      if (!['timeline', 'plan'].includes(mode)) return { ok: false, error: 'invalid_arguments' };
      const problem = chunkProblem(body, true, parse);
      if (problem) return { ok: false, error: problem };
      const ts = nextTs();
      const chunks = (parse(body.chunks) as unknown[] | undefined) ?? [];
      streams.set(`${channel}:${ts}`, {
        channel,
        ts,
        threadTs: thread,
        mode,
        chunks: [chunks],
        stopped: false,
      });
      return { ok: true, channel, ts };
    }
    const stream = streams.get(key(body));
    if (!stream) return { ok: false, error: 'message_not_found' };
    if (stream.stopped) return { ok: false, error: 'message_not_in_streaming_state' };
    const problem = chunkProblem(body, method === 'chat.appendStream', parse);
    if (problem) return { ok: false, error: problem };
    stream.chunks.push((parse(body.chunks) as unknown[] | undefined) ?? []);
    if (method === 'chat.stopStream') stream.stopped = true;
    return { ok: true, channel, ts: stream.ts };
  }
  return {
    streams,
    answer,
    refuse: () => {
      refused = true;
    },
  };
}
