/**
 * The one safe summary of an error for logs (docs/architecture.md §7: "a safe error summary exists once").
 *
 * It keeps what identifies a failure and drops what may carry a user's data or a secret. An
 * error's `message` is never copied: a provider or platform client may put the request in it (a
 * phone number, a chat's text, a URL with a token), and so may an error built from user input.
 * What is kept are fields that platforms fill with their own fixed vocabulary:
 * - `code`: Telegram's numeric `error_code` (Bot API), else the error's stable `code`
 *   (`ECONNRESET`, `slack_webapi_platform_error`, `TEL_TIMEOUT`, `ERR_STORE_UNAVAILABLE`);
 * - `description`: Telegram's `description` (Bot API), Slack's `data.error` (`channel_not_found`),
 *   the provider's description (spec 7);
 * - `providerCode`, `status` (HTTP), `method` (the platform method or provider operation).
 */
export interface ErrorSummary {
  name: string;
  code?: string | number;
  description?: string;
  providerCode?: number;
  status?: number;
  method?: string;
  /** Stack frames without the first line (which repeats the message); only when asked for. */
  frames?: string;
}

/** Descriptions longer than this are cut: a platform's reason is a short phrase. */
const MAX_DESCRIPTION = 200;

/** Summarises `error` for a log line; see {@link ErrorSummary} for what is kept and why. */
export function errorSummary(error: unknown, options: { frames?: boolean } = {}): ErrorSummary {
  if (typeof error !== 'object' || error === null) return { name: typeof error };
  const e = error as Record<string, unknown>;
  const data = e.data as { error?: unknown } | undefined;
  const summary: ErrorSummary = { name: nameOf(e) };
  const code = numberOf(e.error_code) ?? stringOrNumber(e.code) ?? innerCode(e);
  if (code !== undefined) summary.code = code;
  const description = stringOf(e.description) ?? stringOf(data?.error);
  if (description !== undefined) summary.description = description.slice(0, MAX_DESCRIPTION);
  const providerCode = numberOf(e.providerCode);
  if (providerCode !== undefined) summary.providerCode = providerCode;
  const status = numberOf(e.httpStatus) ?? numberOf(e.statusCode) ?? numberOf(e.status);
  if (status !== undefined) summary.status = status;
  const method = stringOf(e.method) ?? stringOf(e.operation);
  if (method !== undefined) summary.method = method;
  if (options.frames && typeof e.stack === 'string') summary.frames = framesOf(e.stack);
  return summary;
}

/**
 * The error's `name`, or its class when the name is the plain `Error` a library left (the Redis
 * client's `SocketClosedUnexpectedlyError` logged as `{"name":"Error"}`). A class name is code, not data.
 */
function nameOf(e: Record<string, unknown>): string {
  const name = stringOf(e.name) ?? 'Error';
  const cls = (e.constructor as { name?: unknown } | undefined)?.name;
  return name === 'Error' && typeof cls === 'string' && /^\w+Error$/.test(cls) ? cls : name;
}

/** A code from the cause, or from the first of an AggregateError's errors (every address refused). */
function innerCode(e: Record<string, unknown>): string | number | undefined {
  const inner = [e.cause, ...(Array.isArray(e.errors) ? e.errors.slice(0, 1) : [])];
  for (const i of inner)
    if (typeof i === 'object' && i !== null) {
      const code = stringOrNumber((i as Record<string, unknown>).code);
      if (code !== undefined) return code;
    }
  return undefined;
}

const stringOf = (v: unknown) => (typeof v === 'string' ? v : undefined);
const numberOf = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const stringOrNumber = (v: unknown) => stringOf(v) ?? numberOf(v);

/** The `    at …` lines only: V8 puts `Name: message` (possibly several lines) before them. */
function framesOf(stack: string): string {
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}
