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

/**
 * Slack's "Verifying requests from Slack": the signature is `v0=` and the hex HMAC-SHA256, keyed
 * with the signing secret, of `v0:<timestamp>:<raw body>`; a timestamp more than five minutes from
 * local time is refused as a possible replay. Returns why a request fails, or `undefined` when it
 * is genuine. The comparison is timing-safe (`crypto.timingSafeEqual`); bolt's own helper
 * compares through `tsscmp`, which draws random bytes and computes two more HMACs per request,
 * the largest single cost before the ack under a burst (issue 13, profiled).
 */
export function checkSlackSignature(
  secret: string,
  req: SignedSlackRequest,
  nowMs: number,
): 'missing headers' | 'stale timestamp' | 'signature mismatch' | undefined {
  const { timestamp, signature } = req;
  if (!timestamp || !signature || !/^\d+$/.test(timestamp)) return 'missing headers';
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > SLACK_TIMESTAMP_WINDOW_S) return 'stale timestamp';
  const want = Buffer.from(
    `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:`).update(req.body).digest('hex')}`,
  );
  const given = Buffer.from(signature);
  return given.length === want.length && timingSafeEqual(given, want) ? undefined : 'signature mismatch';
}
