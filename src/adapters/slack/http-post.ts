/**
 * A `response_url` post or a file upload failed. The URL is left out on purpose: a response URL
 * lets anyone post into the conversation for 30 minutes, and an upload URL is a capability too.
 */
export class SlackDeliveryError extends Error {
  override readonly name = 'SlackDeliveryError';
  readonly code = 'SLACK_DELIVERY';
  constructor(
    readonly operation: 'response_url' | 'file_upload',
    readonly status: number | undefined,
    /** What Slack answered (at most 100 characters), e.g. `{"ok":false,"error":"expired_url"}`. */
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${operation} failed${status ? ` with HTTP ${status}` : ''}: ${detail}`, options);
  }
}

/** Sends one body with a timeout that covers the answer's body too; one attempt, no retry. */
export async function postBody(
  operation: SlackDeliveryError['operation'],
  url: string,
  body: string | Uint8Array,
  contentType: string,
  timeoutMs: number,
): Promise<void> {
  let status: number;
  let text: string;
  try {
    // Node's fetch; the adapter needs no HTTP library beyond its SDK. The signal covers the body too.
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = res.status;
    text = await res.text();
  } catch (err) {
    const e = err as { name?: unknown; cause?: { code?: unknown } };
    const code = typeof e.cause?.code === 'string' ? e.cause.code : e.name;
    throw new SlackDeliveryError(operation, undefined, typeof code === 'string' ? code : 'no answer', {
      cause: err,
    });
  }
  // Some refusals come as HTTP 200 with `{"ok":false,…}` in the body: nothing was posted then either.
  if (status < 200 || status >= 300 || refusedInBody(text)) {
    throw new SlackDeliveryError(operation, status, text.slice(0, 100));
  }
}

function refusedInBody(text: string): boolean {
  if (!text.startsWith('{')) return false;
  try {
    return (JSON.parse(text) as { ok?: unknown }).ok === false;
  } catch {
    return false;
  }
}

/**
 * Answers through a command's or action's `response_url` (api.slack.com "Handling user
 * interaction", up to 5 posts within 30 minutes; response-url.ts keeps that count). Works in any
 * conversation, including ones the bot has not joined, which `chat.postMessage` cannot do.
 */
export function postToResponseUrl(url: string, payload: object, timeoutMs: number): Promise<void> {
  return postBody('response_url', url, JSON.stringify(payload), 'application/json; charset=utf-8', timeoutMs);
}
