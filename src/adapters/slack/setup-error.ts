/** Slack refused a set-up call (`auth.test`, `apps.connections.open`) for good, or never answered it. */
export class SlackSetupError extends Error {
  override name = 'SlackSetupError';
  constructor(
    readonly method: string,
    /** Slack's error code (`invalid_auth`, `not_allowed_token_type`…), an HTTP status, or `no_answer`. */
    readonly slackError: string,
    options?: ErrorOptions,
  ) {
    super(`Slack refused ${method}: ${slackError}`, options);
  }
}

/**
 * The Web API's own retry policy has already waited out 429s and retried 5xx and network errors
 * (`@slack/web-api` `WebClient.makeRequest`); what reaches here is final. Only the error code is
 * kept: the error's request options would carry the token.
 */
export function toSetupError(method: string, err: unknown): SlackSetupError {
  const e = err as { code?: string; data?: { error?: string }; statusCode?: number; original?: Error };
  const code =
    e.code === 'slack_webapi_platform_error' || e.data?.error
      ? (e.data?.error ?? 'platform_error')
      : e.statusCode !== undefined
        ? `HTTP ${e.statusCode}`
        : `no_answer (${e.original?.message ?? (err as Error)?.message ?? String(err)})`;
  return new SlackSetupError(method, code, { cause: err });
}
