import { randomBytes } from 'node:crypto';

/**
 * Slack's side of app installation for the fake Web API (fake-slack.ts), from Slack's documentation:
 *
 * - "Installing with OAuth": the installer's browser goes to `/oauth/v2/authorize` with `client_id`,
 *   `scope`, `state` and maybe `redirect_uri`; after approval Slack redirects to the redirect URL
 *   with a temporary `code` and the same `state`. The code expires after ten minutes and can be
 *   exchanged once.
 * - `oauth.v2.access`: exchanges the code. The client id and secret come by HTTP Basic auth
 *   (preferred) or as `client_id`/`client_secret` params. Errors: `invalid_client_id`,
 *   `bad_client_secret`, `invalid_code`, `bad_redirect_uri`. The answer carries `access_token`
 *   (`xoxb-`), `token_type: bot`, `scope`, `bot_user_id`, `app_id`, `team` (null for an org-wide
 *   install), `enterprise` (null outside Enterprise Grid), `authed_user` and `is_enterprise_install`.
 * - Each token belongs to one workspace (or one org): methods answer for that token's team; a
 *   revoked token answers `token_revoked`, an unknown one `invalid_auth`, none `not_authed`.
 */

export interface FakeSlackApp {
  clientId: string;
  clientSecret: string;
  appId?: string;
  /** The manifest's `oauth_config.redirect_urls`; the first is used when `redirect_uri` is absent. */
  redirectUrls: string[];
}

export interface FakeTokenOwner {
  team: string;
  teamName?: string;
  enterprise?: string;
  /** An org-wide (Enterprise Grid) installation's token. */
  isEnterpriseInstall?: boolean;
  botUserId?: string;
  botId?: string;
}

export interface FakeToken extends FakeTokenOwner {
  token: string;
  revoked: boolean;
}

/** Who approves an install on Slack's consent page. */
export interface Installer {
  team: string;
  teamName?: string;
  user: string;
  enterprise?: { id: string; name: string };
  /** Install for the whole Enterprise Grid org (`is_enterprise_install`). */
  orgWide?: boolean;
}

interface Grant {
  clientId: string;
  installer: Installer;
  scope: string;
  redirectUri?: string;
  used: boolean;
  expired: boolean;
}

export class SlackOAuthRefusal extends Error {
  override name = 'SlackOAuthRefusal';
  constructor(readonly error: string) {
    super(`Slack refused the authorize request: ${error}`);
  }
}

export class FakeSlackAuth {
  readonly #tokens = new Map<string, FakeToken>();
  readonly #grants = new Map<string, Grant>();
  #seq = 0;

  constructor(
    readonly app: FakeSlackApp | undefined,
    tokens: Record<string, FakeTokenOwner>,
  ) {
    for (const [token, owner] of Object.entries(tokens))
      this.#tokens.set(token, { token, revoked: false, ...owner });
  }

  /**
   * The installer's trip through Slack's consent page: checks the authorize URL as Slack does and
   * returns the URL Slack redirects the browser to (`?code=…&state=…`).
   */
  approve(authorizeUrl: string, installer: Installer): string {
    const url = new URL(authorizeUrl);
    if (url.pathname !== '/oauth/v2/authorize')
      throw new SlackOAuthRefusal('oauth_authorization_url_mismatch');
    const q = url.searchParams;
    if (!this.app || q.get('client_id') !== this.app.clientId)
      throw new SlackOAuthRefusal('invalid_client_id');
    if (!q.get('scope')) throw new SlackOAuthRefusal('no_scopes');
    const given = q.get('redirect_uri') ?? undefined;
    if (given !== undefined && !this.app.redirectUrls.includes(given))
      throw new SlackOAuthRefusal('bad_redirect_uri');
    const target = given ?? this.app.redirectUrls[0];
    if (!target) throw new SlackOAuthRefusal('bad_redirect_uri');
    const code = `${++this.#seq}.${randomBytes(12).toString('hex')}`;
    this.#grants.set(code, {
      clientId: this.app.clientId,
      installer,
      scope: q.get('scope') ?? '',
      ...(given !== undefined ? { redirectUri: given } : {}),
      used: false,
      expired: false,
    });
    const back = new URL(target);
    back.searchParams.set('code', code);
    const state = q.get('state');
    if (state !== null) back.searchParams.set('state', state);
    return back.toString();
  }

  /** Ten minutes passed: every code issued so far has expired (an event, not a clock). */
  expireCodes(): void {
    for (const grant of this.#grants.values()) grant.expired = true;
  }

  /** `oauth.v2.access` with the form `body` and the request's `Authorization` header. */
  access(body: Record<string, unknown>, authorization: string): Record<string, unknown> {
    const basic = /^Basic\s+(.+)$/i.exec(authorization)?.[1];
    const [id, secret] = basic
      ? splitOnce(Buffer.from(basic, 'base64').toString('utf8'))
      : [str(body.client_id), str(body.client_secret)];
    if (!this.app || id !== this.app.clientId) return { ok: false, error: 'invalid_client_id' };
    if (secret !== this.app.clientSecret) return { ok: false, error: 'bad_client_secret' };
    const code = str(body.code);
    const grant = code === undefined ? undefined : this.#grants.get(code);
    if (!grant || grant.used || grant.expired || grant.clientId !== id)
      return { ok: false, error: 'invalid_code' };
    if (grant.redirectUri !== undefined && str(body.redirect_uri) !== grant.redirectUri)
      return { ok: false, error: 'bad_redirect_uri' };
    grant.used = true;
    return this.#issue(grant);
  }

  #issue(grant: Grant): Record<string, unknown> {
    const { installer } = grant;
    const orgWide = Boolean(installer.orgWide && installer.enterprise);
    const owner: FakeTokenOwner = {
      team: orgWide ? '' : installer.team,
      teamName: installer.teamName ?? installer.team,
      ...(installer.enterprise ? { enterprise: installer.enterprise.id } : {}),
      isEnterpriseInstall: orgWide,
      botUserId: `UB${installer.enterprise && orgWide ? installer.enterprise.id : installer.team}`,
      botId: `B${++this.#seq}`,
    };
    const token = `xoxb-${orgWide ? installer.enterprise?.id : installer.team}-${this.#seq}-${randomBytes(12).toString('hex')}`;
    this.#tokens.set(token, { token, revoked: false, ...owner });
    return {
      ok: true,
      app_id: this.app?.appId ?? 'A1',
      authed_user: { id: installer.user },
      scope: grant.scope,
      token_type: 'bot',
      access_token: token,
      bot_user_id: owner.botUserId,
      team: orgWide ? null : { id: installer.team, name: owner.teamName },
      enterprise: installer.enterprise
        ? { id: installer.enterprise.id, name: installer.enterprise.name }
        : null,
      is_enterprise_install: orgWide,
    };
  }

  /** The token's owner, or Slack's error for it. */
  check(token: string | undefined): FakeToken | { error: string } {
    if (!token) return { error: 'not_authed' };
    const known = this.#tokens.get(token);
    if (!known) return { error: 'invalid_auth' };
    if (known.revoked) return { error: 'token_revoked' };
    return known;
  }

  /** Every live bot token of `teamOrEnterprise` is revoked (the app was uninstalled there). */
  revokeAll(teamOrEnterprise: string): string[] {
    const revoked: string[] = [];
    for (const t of this.#tokens.values()) {
      const mine = t.isEnterpriseInstall ? t.enterprise === teamOrEnterprise : t.team === teamOrEnterprise;
      if (mine && !t.revoked) {
        t.revoked = true;
        revoked.push(t.token);
      }
    }
    return revoked;
  }

  /** The live tokens Slack issued, for assertions (which token served which team). */
  tokensOf(teamOrEnterprise: string): FakeToken[] {
    return [...this.#tokens.values()].filter(
      (t) => t.team === teamOrEnterprise || (t.isEnterpriseInstall && t.enterprise === teamOrEnterprise),
    );
  }
}

/** `auth.test` as Slack answers it for a token (auth.test docs). */
export function authTestAnswer(owner: FakeToken, fallbackBotUserId: string): Record<string, unknown> {
  const name = owner.teamName ?? owner.team;
  return {
    ok: true,
    url: owner.isEnterpriseInstall
      ? `https://${owner.enterprise ?? 'org'}.enterprise.slack.com/`
      : `https://${name.toLowerCase()}.slack.com/`,
    team: name,
    user: 'telbot',
    team_id: owner.team,
    user_id: owner.botUserId ?? fallbackBotUserId,
    bot_id: owner.botId ?? 'BBOT',
    ...(owner.enterprise ? { enterprise_id: owner.enterprise } : {}),
    is_enterprise_install: owner.isEnterpriseInstall ?? false,
  };
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function splitOnce(s: string): [string, string] {
  const i = s.indexOf(':');
  return i < 0 ? [s, ''] : [s.slice(0, i), s.slice(i + 1)];
}
