import { afterEach } from 'vitest';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { formatXDate, md5Hex, signHeaders } from '../../src/telephony/signature.js';

const running: Sandbox[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

/** A listening sandbox on 127.0.0.1, port 0, closed after the test. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const sandbox = createSandbox(options);
  running.push(sandbox);
  await sandbox.listen();
  return sandbox;
}

/** A clock the test moves by hand. */
export function manualClock(start = '2026-11-21T10:00:00.000Z') {
  let now = Date.parse(start);
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

export interface RawOptions {
  method?: 'GET' | 'POST';
  form?: Record<string, string>;
  body?: string;
  user?: string;
  password?: string;
  /** The time the request is signed at. Default: now. */
  at?: Date;
  headers?: Record<string, string>;
  /** Send no x-date / x-authorization. */
  unsigned?: boolean;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: raw wire JSON, asserted field by field in tests
  json: any;
}

/** One signed request without the client: the wire format as it is. */
export async function raw(sandbox: Sandbox, path: string, options: RawOptions = {}): Promise<RawResponse> {
  const user = options.user ?? 'demo';
  const signed = options.unsigned
    ? {}
    : signHeaders(user, md5Hex(options.password ?? user), options.at ?? new Date());
  const body = options.body ?? (options.form ? new URLSearchParams(options.form).toString() : undefined);
  const res = await fetch(`${sandbox.url}${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      ...signed,
      ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      ...options.headers,
    },
    body: body ?? null,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** A card-module request (D1) signed as the PIN-creation account. */
export function card(
  sandbox: Sandbox,
  act: string,
  params: Record<string, string>,
  options: RawOptions = {},
) {
  return raw(sandbox, '/api/rest/v2/', {
    user: 'cards',
    ...options,
    form: { m: 'mycard-v2', v: 'json', act, ...params },
  });
}

export { formatXDate };
