import type { App } from '@slack/bolt';
import type { SlackOAuth } from './oauth.js';
import type { SlackLogger } from './options.js';

/**
 * Uninstalls (docs/operations.md §5.2; Slack's `app_uninstalled` and `tokens_revoked` events). bolt delivers both
 * without an installation lookup, since the tokens are already dead. `app_uninstalled` deletes the
 * workspace's (or org's) installation; `tokens_revoked` deletes it when the bot's token went, and
 * otherwise drops just the revoked user tokens. The two may come in either order (Slack's docs),
 * and both are safe to receive twice. Logs carry ids, never a token.
 */
export function registerUninstall(app: App, oauth: SlackOAuth, logger: SlackLogger): void {
  app.event('app_uninstalled', async ({ context }) => {
    logger.info({ team: context.teamId, enterprise: context.enterpriseId }, 'Slack app uninstalled');
    await oauth.store.deleteInstallation(keyOf(context));
  });
  app.event('tokens_revoked', async ({ event, context }) => {
    const bots = event.tokens.bot ?? [];
    const users = event.tokens.oauth ?? [];
    logger.info(
      { team: context.teamId, enterprise: context.enterpriseId, bot: bots.length, user: users.length },
      'Slack tokens revoked',
    );
    if (bots.length > 0) await oauth.store.deleteInstallation(keyOf(context));
    else if (users.length > 0) await oauth.store.dropUserTokens(keyOf(context), users);
  });
}

function keyOf(context: { teamId?: string; enterpriseId?: string; isEnterpriseInstall?: boolean }) {
  return {
    teamId: context.teamId,
    enterpriseId: context.enterpriseId,
    isEnterpriseInstall: context.isEnterpriseInstall ?? false,
  };
}
