import { describe, expect, it } from 'vitest';
import { createChatChannels } from '../../../src/bots/channels.js';
import { httpPortOf, loadConfig } from '../../../src/bots/config.js';
import { createTestStack } from '../../helpers/stack.js';

/** The Teams settings (docs/configuration.md, docs/teams.md §1): checked at start, all or nothing. */
const app = {
  TEAMS_APP_ID: '00000000-0000-4000-8000-00000000a99a',
  TEAMS_TENANT_ID: '11111111-2222-4333-8444-555555555555',
};

describe('teams: configuration', () => {
  it('takes the app, the tenant and one way to tokens, and serves /api/messages on TEAMS_PORT', () => {
    const c = loadConfig({ ...app, TEAMS_TOKEN_SIDECAR_URL: 'http://127.0.0.1:5178' });
    expect(c.TEAMS_TARGETED).toBe('auto');
    expect(httpPortOf(c)).toBe(3978);
    expect(loadConfig({ ...app, TEAMS_APP_PASSWORD: 'secret-value-123' }).TEAMS_APP_ID).toBe(
      app.TEAMS_APP_ID,
    );
  });

  it.each([
    [
      { TEAMS_APP_ID: app.TEAMS_APP_ID, TEAMS_APP_PASSWORD: 'secret-value-123' },
      /TEAMS_TENANT_ID: .*e\.g\. TEAMS_TENANT_ID=/,
    ],
    [
      { TEAMS_TENANT_ID: app.TEAMS_TENANT_ID, TEAMS_APP_PASSWORD: 'secret-value-123' },
      /TEAMS_APP_ID: .*e\.g\./,
    ],
    [app, /set exactly one/],
    [
      { ...app, TEAMS_APP_PASSWORD: 'secret-value-123', TEAMS_TOKEN_SIDECAR_URL: 'http://127.0.0.1:5178' },
      /set exactly one/,
    ],
    [{ ...app, TEAMS_TOKEN_SIDECAR_URL: 'http://sidecar.example.com' }, /local or private address/],
    [{ ...app, TEAMS_APP_ID: 'my-bot', TEAMS_APP_PASSWORD: 'secret-value-123' }, /client\) ID, a GUID/],
    [
      { ...app, TEAMS_APP_PASSWORD: 'secret-value-123', TEAMS_TARGETED: 'maybe' },
      /TEAMS_TARGETED: must be one of auto, on, off/,
    ],
  ])('refuses %o with the fix', (env, words) => {
    expect(() => loadConfig(env)).toThrow(words);
  });

  it('never shows the client secret in a refusal', () => {
    expect(() => loadConfig({ TEAMS_APP_PASSWORD: 'secret-value-123' })).toThrow(
      /^(?![\s\S]*secret-value-123)/,
    );
  });

  it('a configured Teams is created and mounts /api/messages on the one HTTP server', async () => {
    const config = loadConfig({ ...app, TEAMS_TOKEN_SIDECAR_URL: 'http://127.0.0.1:5178' });
    const stack = await createTestStack();
    try {
      const channels = await createChatChannels(config, stack);
      expect(channels.map((c) => [c.name, c.mount?.path])).toEqual([['teams', '/api/messages']]);
    } finally {
      await stack.close();
    }
  });
});
