import { providerError, ResponseShapeError, TransportError } from './errors.js';
import { readJson } from './json-text.js';
import type { OperationSpec } from './operations.js';
import type { HttpResponse } from './transport.js';
import { envelope } from './wire.js';

/** Called once per answer that needed the tolerant reading (provider-notes 1.5: the documented card quirk). */
export type QuirkReporter = (operation: string, quirk: 'stray-closers') => void;

/** `{error: false, codes: [{code: <number>, description?: <string>}], body}`: a strict subset of `envelope`. */
function isPlainSuccess(json: unknown): json is { body: unknown } {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  const { error, codes } = json as { error?: unknown; codes?: unknown };
  if (error !== false) return false;
  if (codes === undefined) return true;
  if (!Array.isArray(codes)) return false;
  for (const c of codes) {
    if (typeof c !== 'object' || c === null || typeof c.code !== 'number') return false;
    if (c.description !== undefined && typeof c.description !== 'string') return false;
  }
  return true;
}

function header(res: HttpResponse, name: string): string | undefined {
  const v = res.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function retryAfterSeconds(res: HttpResponse): number | undefined {
  const value = header(res, 'retry-after');
  return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}

function parseJson(label: string, res: HttpResponse, onQuirk: QuirkReporter): unknown {
  const read = readJson(res.text);
  if (read.kind === 'json') return read.value;
  if (read.kind === 'stray-closers') {
    onQuirk(label, 'stray-closers');
    return read.value;
  }
  if (read.kind === 'trailing-data' && res.status < 500)
    throw new ResponseShapeError(label, ['body: unexpected text after the JSON value']);
  // D3: a non-JSON answer counts as no usable answer.
  throw new TransportError(label, `HTTP ${res.status} without a JSON envelope`, {
    httpStatus: res.status,
    retryAfterSeconds: retryAfterSeconds(res),
  });
}

/** The envelope's `body`, or the error the envelope (spec 7) or the HTTP status stands for. */
export function decodeEnvelope(label: string, res: HttpResponse, onQuirk: QuirkReporter): unknown {
  if (res.status === 429) {
    // A 429 is a refusal before acting, whatever its body: reads may retry after Retry-After.
    throw new TransportError(label, 'HTTP 429 Too Many Requests', {
      httpStatus: 429,
      retryAfterSeconds: retryAfterSeconds(res),
      maybeDelivered: false,
    });
  }
  const json = parseJson(label, res, onQuirk);
  // Hot path: a plain success envelope needs no schema pass (the schema would return `body` as is).
  if (isPlainSuccess(json)) return json.body;
  const env = envelope.safeParse(json);
  if (!env.success) {
    if (res.status >= 500) throw new TransportError(label, `HTTP ${res.status}`, { httpStatus: res.status });
    throw new ResponseShapeError(
      label,
      env.error.issues.map((i) => `${i.path.join('.') || 'envelope'}: ${i.message}`),
    );
  }
  if (!env.data.error) return env.data.body;
  // D3: the envelope is the truth, whatever the HTTP status.
  const first = env.data.codes.find((c) => c.code !== 200) ?? { code: res.status, description: undefined };
  const err = providerError(label, first.code, first.description ?? 'no description', res.status);
  const date = header(res, 'date');
  if (date) {
    const d = new Date(date);
    if (!Number.isNaN(d.getTime())) err.serverDate = d;
  }
  throw err;
}

/** The envelope body as the operation's domain type (spec §2). */
export function decodeBody(label: string, spec: OperationSpec, body: unknown): unknown {
  const fast = spec.fastResponse?.(body);
  if (fast !== undefined) return fast;
  const result = spec.response.safeParse(body);
  if (result.success) return result.data;
  throw new ResponseShapeError(
    label,
    result.error.issues.map((i) => `body.${i.path.join('.')}: ${i.message}`),
  );
}
