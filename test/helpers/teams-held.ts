import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { startTeamsBot, type TeamsBot } from './fake-teams-bot.js';
import { type HoldingProxy, startHoldingProxy } from './holding-proxy.js';

/**
 * A Teams bot whose provider calls pass a holding proxy (holding-proxy.ts) and whose answer budget
 * lapses only when the test says (docs/teams.md §3.4): a slow decision forced at a known point,
 * no sleeps, no wall clock.
 */
export interface HeldTeamsBot {
  readonly bot: TeamsBot;
  readonly proxy: HoldingProxy;
  readonly sandbox: Sandbox;
  /** Every budget asked so far has lapsed (a request that comes later gets a budget of its own). */
  lapse(): void;
  /** Every budget asked from now on lapses at once (a press is late however quick its decision). */
  lapseAlways(): void;
  close(): Promise<void>;
}

export async function startHeldTeamsBot(): Promise<HeldTeamsBot> {
  const sandbox = createSandbox({});
  await sandbox.listen({ port: 0 });
  const proxy = await startHoldingProxy(sandbox.url);
  // Each request's budget is its own: `lapse()` ends those asked so far, a later request's runs on.
  let asked: (() => void)[] = [];
  const lapse = () => {
    for (const end of asked) end();
    asked = [];
  };
  let always = false;
  const budget = () =>
    always
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          asked.push(resolve);
        });
  const bot = await startTeamsBot({
    stack: {
      sharedSandbox: sandbox,
      env: {
        TELEPHONY_BASE_URL: proxy.url,
        TELEPHONY_CARD_URL: proxy.cardUrl,
        TELEPHONY_TIMEOUT_MS: '60000',
      },
    },
    teams: { budget },
  });
  return {
    bot,
    proxy,
    sandbox,
    lapse,
    lapseAlways: () => {
      always = true;
    },
    async close() {
      await bot.close();
      await proxy.close();
      await sandbox.close();
    },
  };
}

/** What an invoke's answer says: its card's lines, or its message. */
export function invokeText(body: unknown): string {
  const b = body as { type?: string; value?: unknown };
  if (typeof b?.value === 'string') return b.value;
  return JSON.stringify(b?.value ?? '');
}
