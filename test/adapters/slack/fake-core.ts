import type {
  CommandInfo,
  Core,
  IncomingAction,
  IncomingText,
  LinkInput,
  SupportSetupInput,
} from '../../../src/core/core.js';
import { ACTOR_MARK, type ActionOutcome, type Reply } from '../../../src/core/reply.js';

/**
 * A hand-written `Core` for the adapter's own behaviour (acks, dedupe, modals, rendering), where
 * the real core's answers would only add noise. It records every call, and `hold()` makes the next
 * `handleText` wait until released, to prove by ordering that Slack got its ack first.
 */
export interface FakeCore extends Core {
  readonly texts: IncomingText[];
  readonly actions: IncomingAction[];
  readonly links: LinkInput[];
  readonly setups: SupportSetupInput[];
  /** Replies for a command text (exact match); default `{ text: 'ok: <text>' }`. */
  script: Map<string, Reply[]>;
  /** Outcome per action id. */
  outcomes: Map<string, ActionOutcome>;
  /** The next `handleText` waits for the returned release function. */
  hold(): () => void;
  /** Resolves when `handleText` has been entered `n` times. */
  entered(n: number): Promise<void>;
}

const info = (name: string, aliases: string[] = []): CommandInfo => ({
  name,
  aliases,
  summary: name,
  usage: `/${name}`,
  example: `/${name}`,
  roles: ['holder'],
  privateOnly: false,
  personal: false,
  confirm: false,
});

export function createFakeCore(): FakeCore {
  const texts: IncomingText[] = [];
  let gate: Promise<void> | undefined;
  const enteredWaiters: { n: number; resolve: () => void }[] = [];
  const core: FakeCore = {
    texts,
    actions: [],
    links: [],
    setups: [],
    script: new Map(),
    outcomes: new Map(),
    commands: [info('help'), info('balance'), info('link', ['login'])],
    menu: () => [],
    async handleText(input) {
      texts.push(input);
      for (const w of [...enteredWaiters]) {
        if (texts.length >= w.n) {
          enteredWaiters.splice(enteredWaiters.indexOf(w), 1);
          w.resolve();
        }
      }
      const wait = gate;
      gate = undefined;
      if (wait) await wait;
      return core.script.get(input.text) ?? [{ text: `ok: ${input.text}` }];
    },
    async handleAction(input) {
      core.actions.push(input);
      return core.outcomes.get(input.actionId) ?? { notice: 'This button has expired.' };
    },
    async link(input) {
      core.links.push(input);
      return input.password === 'right'
        ? { text: `Linked ${input.username}.`, tone: 'success', visibility: 'personal', audience: 'actor' }
        : { text: 'Wrong username or password.', tone: 'error' };
    },
    async setupSupportChannel(input) {
      core.setups.push(input);
      if (!input.chat.userIsAdmin) return { text: 'Only an admin can do that.', tone: 'error' };
      return {
        text: 'This is now a support channel.',
        tone: 'success',
        audit: [{ actor: input.identity.user, note: `${ACTOR_MARK} set up support` }],
      };
    },
    async home() {
      return [{ title: 'Home', text: 'fake home' }];
    },
    async drain() {
      return true;
    },
    hold() {
      let release!: () => void;
      gate = new Promise<void>((r) => {
        release = r;
      });
      return release;
    },
    entered(n) {
      if (texts.length >= n) return Promise.resolve();
      return new Promise<void>((resolve) => enteredWaiters.push({ n, resolve }));
    },
  };
  return core;
}
