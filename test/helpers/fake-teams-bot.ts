import { clearJwksClients } from '@microsoft/agents-hosting';
import { createTeamsChannel, type TeamsChannel, type TeamsOptions } from '../../src/adapters/teams/index.js';
import type { HealthServer } from '../../src/bots/health-server.js';
import type { Identity } from '../../src/core/identity.js';
import { type FakeTeams, startFakeTeams } from './fake-teams.js';
import {
  type ActivityContext,
  executeActivity,
  fileConsentActivity,
  messageActivity,
  type Scope,
  type TeamsPerson,
} from './fake-teams-activities.js';
import { serveMount } from './serve-mount.js';
import { createTestStack, type TestStack, type TestStackOptions } from './stack.js';

/**
 * The Teams channel on the bot's one HTTP server, pointed at a fake Teams (fake-teams.ts) by its
 * configuration alone (authority, sidecar URL, the activities' `serviceUrl`), over the real core
 * and sandbox. A retry's wait advances the fake's clock instead of sleeping.
 */
export interface TeamsBot {
  readonly teams: FakeTeams;
  readonly stack: TestStack;
  readonly channel: TeamsChannel;
  readonly url: string;
  readonly ctx: ActivityContext;
  /** Waits asked by the channel's retries (ms), in order. */
  readonly waits: number[];
  identity(who: TeamsPerson): Identity;
  say(who: TeamsPerson, scope: Scope, text: string): Promise<{ status: number; body: unknown }>;
  press(
    who: TeamsPerson,
    scope: Scope,
    messageId: string,
    data: Record<string, unknown>,
  ): Promise<{ status: number; body: unknown }>;
  /** The user accepts or declines a FileConsentCard (message `replyToId`). */
  consent(
    who: TeamsPerson,
    replyToId: string,
    value: { action: 'accept' | 'decline'; context: unknown; uploadInfo?: object },
  ): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

export async function startTeamsBot(
  options: {
    stack?: TestStackOptions;
    teams?: Partial<Omit<TeamsOptions, 'core' | 'logger'>>;
    /** A fake Teams kept across bots (a restart); the bot then leaves it running on close. */
    fake?: FakeTeams;
  } = {},
): Promise<TeamsBot> {
  clearJwksClients();
  const teams = options.fake ?? (await startFakeTeams());
  const stack = await createTestStack(options.stack);
  const waits: number[] = [];
  const channel = createTeamsChannel({
    core: stack.core,
    appId: teams.appId,
    tenantId: teams.tenantId,
    sidecarUrl: teams.sidecarUrl,
    authority: teams.authority,
    dedupe: stack.stores.dedupe,
    references: stack.stores.references,
    retry: {
      attempts: 4,
      sleep: async (ms) => {
        waits.push(ms);
        teams.advance(ms);
      },
      random: () => 0.5,
      now: () => teams.now(),
    },
    logger: { info() {}, warn() {}, error() {} },
    ...options.teams,
  });
  stack.proactive.attach(channel.notifier);
  const server: HealthServer = await serveMount(channel.http, channel.receiving);
  const url = `http://127.0.0.1:${server.port}${channel.http.path}`;
  const ctx: ActivityContext = { serviceUrl: teams.serviceUrl, tenantId: teams.tenantId, appId: teams.appId };
  return {
    teams,
    stack,
    channel,
    url,
    ctx,
    waits,
    identity: (who) => ({ platform: 'teams', tenant: teams.tenantId, user: who.id }),
    say: (who, scope, text) => teams.post(url, messageActivity(ctx, scope, who, text)),
    press: (who, scope, messageId, data) =>
      teams.post(url, executeActivity(ctx, scope, who, messageId, data)),
    consent: (who, replyToId, value) => teams.post(url, fileConsentActivity(ctx, who, replyToId, value)),
    async close() {
      await server.close();
      await stack.close();
      if (!options.fake) await teams.close();
    },
  };
}
