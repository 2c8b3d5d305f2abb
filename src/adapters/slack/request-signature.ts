import { createHmac, timingSafeEqual } from 'node:crypto';

/** What {@link checkSlackSignature} needs from one request. */
export interface SignedSlackRequest {
  /** `X-Slack-Request-Timestamp`: Unix seconds, as Slack sent it. */
  timestamp: string | undefined;
  /** `X-Slack-Signature`: `v0=` and the hex digest. */
  signature: string | undefined;
  /** The raw body, byte for byte as it arrived. */
  body: Buffer;
}

/** Slack refuses to count a request older (or newer) than five minutes as genuine: a replay. */
const SLACK_TIMESTAMP_WINDOW_S = 5 * 60;

/** Why a request's headers alone already fail, before a byte of its body is read. */
export type SlackHeaderFault = 'missing headers' | 'malformed headers' | 'stale timestamp';

/**
 * The half of the check that needs no body (hostile load: unsigned traffic must cost almost
 * nothing): both headers present, the timestamp Unix seconds within five minutes of local time,
 * the signature `v0=` and 64 hex digits. Only a request passing this has its body read.
 */
export function checkSlackHeaders(
  timestamp: string | undefined,
  signature: string | undefined,
  nowMs: number,
): SlackHeaderFault | undefined {
  if (!timestamp || !signature) return 'missing headers';
  if (!/^\d{1,12}$/.test(timestamp) || !/^v0=[0-9a-f]{64}$/.test(signature)) return 'malformed headers';
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > SLACK_TIMESTAMP_WINDOW_S) return 'stale timestamp';
  return undefined;
}

/**
 * Slack's "Verifying requests from Slack": the signature is `v0=` and the hex HMAC-SHA256, keyed
 * with the signing secret, of `v0:<timestamp>:<raw body>`; a timestamp more than five minutes from
 * local time is refused as a possible replay. Returns why a request fails, or `undefined` when it
 * is genuine. The comparison is timing-safe (`crypto.timingSafeEqual`); bolt's own helper
 * compares through `tsscmp`, which draws random bytes and computes two more HMACs per request,
 * the largest single cost before the ack under a burst (docs/performance.md §4.2, profiled).
 */
export function checkSlackSignature(
  secret: string,
  req: SignedSlackRequest,
  nowMs: number,
): SlackHeaderFault | 'signature mismatch' | undefined {
  const { timestamp, signature } = req;
  const fault = checkSlackHeaders(timestamp, signature, nowMs);
  if (fault || !timestamp || !signature) return fault ?? 'missing headers';
  const want = Buffer.from(
    `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:`).update(req.body).digest('hex')}`,
  );
  const given = Buffer.from(signature);
  return given.length === want.length && timingSafeEqual(given, want) ? undefined : 'signature mismatch';
}
