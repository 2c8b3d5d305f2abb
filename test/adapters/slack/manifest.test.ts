import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SLACK_BOT_SCOPES } from '../../../src/adapters/slack/oauth.js';
import { resolveSlackOptions } from '../../../src/adapters/slack/options.js';
import { SHORTCUTS } from '../../../src/adapters/slack/shortcuts.js';
import { slackWords } from '../../../src/adapters/slack/words/index.js';
import { createFakeCore } from '../../helpers/fake-core.js';
import { memoryDedupe } from './harness.js';

interface Manifest {
  features: {
    slash_commands: { command: string; usage_hint: string }[];
    app_home: {
      home_tab_enabled: boolean;
      messages_tab_enabled: boolean;
      messages_tab_read_only_enabled: boolean;
    };
    shortcuts: { name: string; type: 'global' | 'message'; callback_id: string; description: string }[];
    agent_view: { agent_description: string; suggested_prompts: { title: string; message: string }[] };
    unfurl_domains: string[];
  };
  oauth_config: { scopes: { bot: string[] }; redirect_urls: string[] };
  settings: {
    interactivity: { is_enabled: boolean };
    socket_mode_enabled: boolean;
    event_subscriptions: { bot_events: string[] };
  };
}

const manifest = parse(
  readFileSync(new URL('../../../slack/manifest.yaml', import.meta.url), 'utf8'),
) as Manifest;

describe('slack/manifest.yaml', () => {
  it('declares the default command, interactivity and Socket Mode', () => {
    const defaults = resolveSlackOptions({
      core: createFakeCore('slack'),
      botToken: 'x',
      appToken: 'xapp',
      dedupe: memoryDedupe(),
    });
    expect(manifest.features.slash_commands.map((c) => c.command)).toEqual([defaults.command]);
    expect(manifest.features.slash_commands[0]?.usage_hint).toContain('help');
    expect(manifest.settings.interactivity.is_enabled).toBe(true);
    expect(manifest.settings.socket_mode_enabled).toBe(true);
  });

  it('asks for the scopes the adapter uses and nothing more', () => {
    // commands: /tel · chat:write: chat.postMessage/postEphemeral/update · files:write: external upload
    // im:write: conversations.open · users:read: users.info · usergroups:read: usergroups.list
    // app_mentions:read: app_mention · im:history: message.im (the Messages tab)
    // im:read: conversations.info, the app's own DM told from a DM between two people
    expect([...manifest.oauth_config.scopes.bot].sort()).toEqual(
      [
        'app_mentions:read',
        'chat:write',
        'commands',
        'files:write',
        'im:history',
        'im:read',
        'im:write',
        'usergroups:read',
        'users:read',
        // assistant:write: the agent view's prompts · channels:read, groups:read: the support
        // channel's name an agent looks at · links:read, links:write: Work Objects (chat.unfurl)
        'assistant:write',
        'channels:read',
        'groups:read',
        'links:read',
        'links:write',
      ].sort(),
    );
  });

  it('asks for the same scopes in the install link, and names the OAuth redirect path (docs/operations.md §5.1)', () => {
    expect([...SLACK_BOT_SCOPES].sort()).toEqual([...manifest.oauth_config.scopes.bot].sort());
    expect(manifest.oauth_config.redirect_urls.map((u) => new URL(u).pathname)).toEqual([
      '/slack/oauth_redirect',
    ]);
  });

  it('declares the Home and Messages tabs and the events the adapter listens to (docs/interface.md §4.2)', () => {
    expect(manifest.features.app_home).toEqual({
      home_tab_enabled: true,
      messages_tab_enabled: true,
      messages_tab_read_only_enabled: false,
    });
    expect([...manifest.settings.event_subscriptions.bot_events].sort()).toEqual(
      [
        'app_home_opened',
        'app_mention',
        'app_uninstalled',
        'message.im',
        'tokens_revoked',
        'app_context_changed',
        'assistant_thread_started',
        'assistant_thread_context_changed',
        'link_shared',
        'entity_details_requested',
      ].sort(),
    );
  });

  it("declares the agent view with the adapter's suggested prompts, worded in both languages (docs/channels.md §2.3)", () => {
    const view = manifest.features.agent_view;
    expect(view.agent_description.length).toBeGreaterThan(0);
    expect(view.suggested_prompts).toEqual(slackWords.en.agentView.prompts);
    expect(view.suggested_prompts.map((p) => p.title)).toEqual(['Balance', 'Last 10 calls', 'Block a card']);
    // German: other titles, the same commands.
    expect(slackWords.de.agentView.prompts.map((p) => p.message)).toEqual(
      view.suggested_prompts.map((p) => p.message),
    );
    expect(slackWords.de.agentView.prompts.map((p) => p.title)).not.toEqual(
      view.suggested_prompts.map((p) => p.title),
    );
    expect(manifest.features.unfurl_domains.length).toBe(1);
  });

  it('declares the shortcuts with the callback ids the adapter registers, within Slack limits', () => {
    expect(manifest.features.shortcuts.map((s) => [s.type, s.callback_id])).toEqual([
      ['global', SHORTCUTS.call],
      ['message', SHORTCUTS.callThis],
      ['message', SHORTCUTS.rateThis],
    ]);
    for (const s of manifest.features.shortcuts) {
      // Manifest limits: name ≤ 24 characters, description ≤ 150.
      expect(s.name.length).toBeLessThanOrEqual(24);
      expect(s.description.length).toBeLessThanOrEqual(150);
    }
  });
});

describe('options', () => {
  it('refuses to start without a way to receive, naming the fix', () => {
    expect(() =>
      resolveSlackOptions({ core: createFakeCore('slack'), botToken: 'x', dedupe: memoryDedupe() }),
    ).toThrow(/SLACK_APP_TOKEN .* or SLACK_SIGNING_SECRET/);
    expect(() =>
      resolveSlackOptions({
        core: createFakeCore('slack'),
        botToken: 'x',
        signingSecret: 's',
        command: 'tel',
        dedupe: memoryDedupe(),
      }),
    ).toThrow(/SLACK_COMMAND/);
  });

  it('prefers Socket Mode when both are given', () => {
    const o = resolveSlackOptions({
      core: createFakeCore('slack'),
      botToken: 'x',
      appToken: 'a',
      signingSecret: 's',
      dedupe: memoryDedupe(),
    });
    expect(o.mode).toBe('socket');
  });
});
