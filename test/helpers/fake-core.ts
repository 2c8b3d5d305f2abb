import type {
  CommandInfo,
  Core,
  IncomingAction,
  IncomingCommand,
  IncomingText,
  LinkInput,
  SupportSetupInput,
} from '../../src/core/core.js';
import { ACTOR_MARK, type ActionOutcome, type Reply } from '../../src/core/reply.js';
import { asPlaced, asPlacedOutcome, realDoor, realRoad } from './placed.js';

/**
 * The one hand-written `Core` of the tests (docs/architecture.md §7.2), for an adapter's own behaviour (acks,
 * dedupe, modals, rendering, routing, ordering), where the real core's answers would only add
 * noise. End-to-end behaviour of commands is tested against the real stack and in test/contract.
 * It records every call; `script`/`outcomes` (or `onText`/`onAction`) say what it answers; `hold()`
 * makes the next `handleText` wait until released, to prove by ordering that an ack came first.
 */
export interface FakeCore extends Core {
  readonly texts: IncomingText[];
  /** Commands run by name with typed arguments (forms, shortcuts). */
  readonly runs: IncomingCommand[];
  readonly actions: IncomingAction[];
  readonly links: LinkInput[];
  readonly setups: SupportSetupInput[];
  /** Replies for a command text (exact match, after normalisation). */
  script: Map<string, Reply[]>;
  /** Outcome per action id. */
  outcomes: Map<string, ActionOutcome>;
  /** What `handleText` answers; by default the script, else an echo. */
  onText: (input: IncomingText) => Reply[] | Promise<Reply[]>;
  /** What `runCommand` answers; by default an echo of the name and the arguments. */
  onRun: (input: IncomingCommand) => Reply[] | Promise<Reply[]>;
  /** What `handleAction` answers; by default `outcomes`, else the preset's notice. */
  onAction: (input: IncomingAction) => ActionOutcome | Promise<ActionOutcome>;
  /** The next `handleText` waits for the returned release function. */
  hold(): () => void;
  /** Resolves when `handleText` has been entered `n` times. */
  entered(n: number): Promise<void>;
}

const info = (name: string, aliases: string[] = [], form?: CommandInfo['form']): CommandInfo => ({
  name,
  aliases,
  ...(form ? { form } : {}),
  summary: name,
  usage: `/${name}`,
  example: `/${name}`,
  roles: ['holder'],
  privateOnly: false,
  personal: false,
  confirm: false,
});

/** What differs between the adapters' tests: the echo, an unknown button's notice, the table and menus. */
const PRESETS = {
  telegram: {
    echo: 'echo: ',
    unknownAction: (input: IncomingAction): ActionOutcome => ({ notice: `pressed ${input.actionId}` }),
    commands: [] as CommandInfo[],
    menu: (scope: 'private' | 'shared') =>
      scope === 'private'
        ? [
            { command: 'balance', description: 'Show your balance' },
            { command: 'link', description: 'Link an account' },
          ]
        : [{ command: 'balance', description: 'Show your balance' }],
  },
  slack: {
    echo: 'ok: ',
    unknownAction: (): ActionOutcome => ({ notice: 'This button has expired.' }),
    // The forms as the real table declares them (`form` fields of link, team, topup).
    commands: [
      info('help'),
      info('balance'),
      info('link', ['login'], { kind: 'credentials', options: ['card'], refuseMore: true }),
      info('team', [], { kind: 'support-setup', sub: 'setup', refuseMore: true }),
      info('topup', [], { kind: 'pin' }),
    ],
    menu: () => [],
  },
};

export function createFakeCore(preset: keyof typeof PRESETS): FakeCore {
  const p = PRESETS[preset];
  const texts: IncomingText[] = [];
  let gate: Promise<void> | undefined;
  const enteredWaiters: { n: number; resolve: () => void }[] = [];
  const core: FakeCore = {
    refsFor: () => (reply) => reply,
    texts,
    actions: [],
    links: [],
    setups: [],
    script: new Map(),
    outcomes: new Map(),
    commands: p.commands,
    menu: p.menu,
    runs: [],
    onText: (input) => core.script.get(input.text) ?? [{ text: `${p.echo}${input.text}` }],
    onRun: (input) => [{ text: `${p.echo}${input.command} ${JSON.stringify(input.args)}` }],
    onAction: (input) => core.outcomes.get(input.actionId) ?? p.unknownAction(input),
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
      return (await core.onText(input)).map(asPlaced);
    },
    async runCommand(input) {
      core.runs.push(input);
      return (await core.onRun(input)).map(asPlaced);
    },
    async handleAction(input) {
      core.actions.push(input);
      return asPlacedOutcome(await core.onAction(input));
    },
    async link(input) {
      core.links.push(input);
      return asPlaced(
        input.password === 'right'
          ? { text: `Linked ${input.username}.`, tone: 'success', visibility: 'personal', audience: 'actor' }
          : { text: 'Wrong username or password.', tone: 'error' },
      );
    },
    async setupSupportChannel(input) {
      core.setups.push(input);
      if (!input.chat.userIsAdmin) return asPlaced({ text: 'Only an admin can do that.', tone: 'error' });
      return asPlaced({
        text: 'This is now a support channel.',
        tone: 'success',
        audit: [{ actor: input.identity.user, note: `${ACTOR_MARK} set up support` }],
      });
    },
    async home() {
      return [{ title: 'Home', text: 'fake home' }];
    },
    // No one is linked and no chat is a support channel in the fake.
    linkedAccounts: async () => [],
    supportAccount: async () => undefined,
    agentAccount: async () => undefined,
    ...realRoad(),
    register: (channel) => realDoor(core, channel),
    async messageSent() {},
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
