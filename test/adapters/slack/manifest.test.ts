import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { resolveSlackOptions } from '../../../src/adapters/slack/options.js';
import { createFakeCore } from './fake-core.js';
import { memoryDedupe } from './harness.js';

interface Manifest {
  features: { slash_commands: { command: string; usage_hint: string }[] };
  oauth_config: { scopes: { bot: string[] } };
  settings: { interactivity: { is_enabled: boolean }; socket_mode_enabled: boolean };
}

const manifest = parse(
  readFileSync(new URL('../../../slack/manifest.yaml', import.meta.url), 'utf8'),
) as Manifest;

describe('slack/manifest.yaml', () => {
  it('declares the default command, interactivity and Socket Mode', () => {
    const defaults = resolveSlackOptions({
      core: createFakeCore(),
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
    expect([...manifest.oauth_config.scopes.bot].sort()).toEqual(
      ['chat:write', 'commands', 'files:write', 'im:write', 'usergroups:read', 'users:read'].sort(),
    );
  });
});

describe('options', () => {
  it('refuses to start without a way to receive, naming the fix', () => {
    expect(() =>
      resolveSlackOptions({ core: createFakeCore(), botToken: 'x', dedupe: memoryDedupe() }),
    ).toThrow(/SLACK_APP_TOKEN .* or SLACK_SIGNING_SECRET/);
    expect(() =>
      resolveSlackOptions({
        core: createFakeCore(),
        botToken: 'x',
        signingSecret: 's',
        command: 'tel',
        dedupe: memoryDedupe(),
      }),
    ).toThrow(/SLACK_COMMAND/);
  });

  it('prefers Socket Mode when both are given', () => {
    const o = resolveSlackOptions({
      core: createFakeCore(),
      botToken: 'x',
      appToken: 'a',
      signingSecret: 's',
      dedupe: memoryDedupe(),
    });
    expect(o.mode).toBe('socket');
  });
});
