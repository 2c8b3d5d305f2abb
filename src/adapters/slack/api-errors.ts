import type { webApi } from '@slack/bolt';

/**
 * A `fetch` for the Web API client that counts every failed call by method and Slack's `error`
 * (`channel_not_found`, `ratelimited`), the HTTP status when it is not 200, or `network` when no
 * answer came (docs/operations.md §4.2). Slack answers most errors with 200 and `ok: false`, so a
 * copy of a JSON answer is read; the client reads the original. Only the method's name (the URL's
 * last segment) and the code leave here, never a token or a body.
 */
export function countingFetch(
  onApiError: (method: string, code: string) => void,
  inner: webApi.FetchFunction = globalThis.fetch as unknown as webApi.FetchFunction,
): webApi.FetchFunction {
  return async (url, init) => {
    const method = String(url).split('?')[0]!.split('/').pop() || 'unknown';
    let res: Awaited<ReturnType<webApi.FetchFunction>>;
    try {
      res = await inner(url, init);
    } catch (error) {
      onApiError(method, 'network');
      throw error;
    }
    if (res.status !== 200) onApiError(method, String(res.status));
    else if (/json/.test(res.headers.get('content-type') ?? '')) {
      const copy = (res as unknown as Response).clone();
      const body = (await copy.json().catch(() => undefined)) as
        | { ok?: boolean; error?: unknown }
        | undefined;
      if (body?.ok === false)
        onApiError(method, typeof body.error === 'string' ? body.error.slice(0, 64) : 'error');
    }
    return res;
  };
}
