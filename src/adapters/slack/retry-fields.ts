import type { IncomingMessage } from 'node:http';
import { HTTPModuleFunctions, type ReceiverEvent } from '@slack/bolt';

export type RetryFields = Pick<ReceiverEvent, 'retryNum' | 'retryReason'>;

/**
 * A redelivery's `X-Slack-Retry-Num` and `X-Slack-Retry-Reason` as Bolt's ReceiverEvent carries
 * them: left out on a first delivery, since its type has no room for undefined.
 */
export function retryFieldsOf(req: IncomingMessage): RetryFields {
  const retry: RetryFields = {};
  const num = HTTPModuleFunctions.extractRetryNumFromHTTPRequest(req);
  const reason = HTTPModuleFunctions.extractRetryReasonFromHTTPRequest(req);
  if (num !== undefined) retry.retryNum = num;
  if (reason !== undefined) retry.retryReason = reason;
  return retry;
}
