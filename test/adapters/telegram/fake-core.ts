import type { Core, IncomingAction, IncomingText } from '../../../src/core/core.js';
import type { ActionOutcome, Reply } from '../../../src/core/reply.js';
import { asPlaced, asPlacedOutcome, realDoor, realRoad } from '../../helpers/placed.js';

/**
 * A hand-written Core for the adapter's own behaviour (rendering, routing, ordering), where the real
 * core would only add noise. End-to-end behaviour of commands is tested against the real stack.
 */
export interface FakeCore extends Core {
  readonly texts: IncomingText[];
  readonly actions: IncomingAction[];
  /** Next answers, by exact text (after normalisation) or by actionId; the default echoes. */
  onText: (input: IncomingText) => Reply[] | Promise<Reply[]>;
  onAction: (input: IncomingAction) => ActionOutcome | Promise<ActionOutcome>;
}

export function createFakeCore(): FakeCore {
  const core: FakeCore = {
    refsFor: () => (reply) => reply,
    texts: [],
    actions: [],
    commands: [],
    onText: (input) => [{ text: `echo: ${input.text}` }],
    onAction: (input) => ({ notice: `pressed ${input.actionId}` }),
    menu: (scope, language) => {
      const balance = {
        command: 'balance',
        description: language === 'de' ? 'Guthaben' : 'Show your balance',
      };
      return scope === 'private' ? [balance, { command: 'link', description: 'Link an account' }] : [balance];
    },
    async handleText(input) {
      core.texts.push(input);
      return (await core.onText(input)).map(asPlaced);
    },
    // Telegram sends text only: no form or shortcut runs a command by name here.
    async runCommand() {
      throw new Error('runCommand: Telegram has no forms');
    },
    async handleAction(input) {
      core.actions.push(input);
      return asPlacedOutcome(await core.onAction(input));
    },
    async link() {
      return asPlaced({ text: 'linked' });
    },
    async setupSupportChannel() {
      return asPlaced({ text: 'set up' });
    },
    async home() {
      return [{ title: 'Home', text: 'fake home' }];
    },
    linkedAccounts: async () => [],
    supportAccount: async () => undefined,
    agentAccount: async () => undefined,
    ...realRoad(),
    register: (channel) => realDoor(core, channel),
    async messageSent() {},
    async drain() {
      return true;
    },
  };
  return core;
}
