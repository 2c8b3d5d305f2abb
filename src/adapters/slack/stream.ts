import type { webApi } from '@slack/bolt';
import {
  changedSteps,
  type ProgressState,
  type ProgressView,
  planLines,
  SendFailedError,
} from '../../core/index.js';
import { escapeMrkdwn } from './escape.js';

/**
 * Slack's rendering of the core's progress (core/ports/progress.ts, docs/interface.md §5.3): in the
 * DM with the app, a plan streamed in a thread under a parent message (`chat.startStream` with
 * `task_display_mode: 'plan'`, `chat.appendStream`, `chat.stopStream`; `plan_update` and
 * `task_update` chunks); the answer and its file follow in the DM as today. After a refusal of the
 * stream (a workspace or token without it), the core's order of forms asks for `plain`: one message
 * posted and updated (`chat.update`). In a channel there is no view: today's private answer stays.
 */
export const SLACK_PROGRESS_INTERVAL_MS = 1000;

/**
 * The streaming chunks we send (Slack: "text streaming", chunk objects), typed here as JSON of our
 * own: `@slack/types` is not a dependency of ours, only of bolt's.
 */
interface PlanUpdateChunk {
  type: 'plan_update';
  title: string;
}
interface TaskUpdateChunk {
  type: 'task_update';
  id: string;
  title: string;
  status: 'pending' | 'in_progress' | 'complete' | 'error';
  details?: string;
}
type StreamChunk = PlanUpdateChunk | TaskUpdateChunk;

/** A failed Web API call as the core's road out reads it: Slack answered (`ok: false`) → refused; else unknown. */
export function slackSendFailure(error: unknown): SendFailedError {
  const code = (error as { code?: unknown }).code;
  const said = (error as { data?: { error?: unknown } }).data?.error;
  if (code === 'slack_webapi_platform_error' || code === 'slack_webapi_rate_limited_error')
    return new SendFailedError('refused', String(said ?? code), { cause: error });
  return new SendFailedError('unknown', String(code ?? 'network'), { cause: error });
}

async function slackCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw slackSendFailure(error);
  }
}

/** The plan as mrkdwn, for the plain form and the parent message's notification text. */
export function progressText(state: ProgressState): string {
  return planLines(state, { escape: escapeMrkdwn, bold: (t) => `*${t}*` }).join('\n');
}

/** The steps as task chunks: only those that changed since `before` (all of them on the first). */
export function taskChunks(state: ProgressState, before?: ProgressState): TaskUpdateChunk[] {
  return changedSteps(state, before).map((s) => ({
    type: 'task_update',
    id: s.id,
    title: s.title,
    status: s.status,
    ...(s.detail ? { details: s.detail } : {}),
  }));
}

/** One job's progress in the DM `channel` with the app. */
export function slackProgress(o: { client: webApi.WebClient; channel: string }): ProgressView {
  const { client, channel } = o;
  let stream: { ts: string; shown: ProgressState } | undefined;
  let message: string | undefined;
  const rich = async (state: ProgressState, end: boolean) => {
    if (!stream) {
      const parent = await client.chat.postMessage({ channel, text: progressText(state), mrkdwn: true });
      // A refused stream falls back to updating this parent: no second message.
      message = String(parent.ts);
      const chunks: StreamChunk[] = [{ type: 'plan_update', title: state.title }, ...taskChunks(state)];
      const started = await client.chat.startStream({
        channel,
        thread_ts: String(parent.ts),
        task_display_mode: 'plan',
        chunks,
      });
      stream = { ts: String(started.ts), shown: state };
      if (end) await client.chat.stopStream({ channel, ts: stream.ts });
      return;
    }
    const chunks = taskChunks(state, stream.shown);
    stream.shown = state;
    if (end) await client.chat.stopStream({ channel, ts: stream.ts, ...(chunks.length ? { chunks } : {}) });
    else if (chunks.length) await client.chat.appendStream({ channel, ts: stream.ts, chunks });
  };
  const plain = async (state: ProgressState) => {
    const text = progressText(state);
    if (message === undefined) {
      message = String((await client.chat.postMessage({ channel, text, mrkdwn: true })).ts);
      return;
    }
    await client.chat.update({ channel, ts: message, text });
  };
  return {
    minIntervalMs: SLACK_PROGRESS_INTERVAL_MS,
    show: (state, form) => slackCall(() => (form === 'rich' ? rich(state, false) : plain(state))),
    end: (state, form) => slackCall(() => (form === 'rich' ? rich(state, true) : plain(state))),
  };
}
