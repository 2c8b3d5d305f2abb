import { startConsole } from '../adapters/console/console-harness.js';
import { seedWithCalls } from '../helpers/seed-with-calls.js';
import { type ChannelDriver, SEEDED_CALLS } from './driver.js';

/**
 * The console: one person (Alice) in a private terminal session, through the real channel on
 * streams. It has no shared chat, no other member and no way (or need) to delete what was typed.
 */
export async function consoleDriver(): Promise<ChannelDriver> {
  const h = await startConsole({ link: false, sandbox: { data: seedWithCalls(SEEDED_CALLS) } });
  let printed = '';
  let lastChoice: string | undefined;
  const only = (who: string) => {
    if (who !== 'alice') throw new Error('the console has one user');
  };
  return {
    name: 'console',
    hasSharedChat: false,
    onePerson: true,
    editsInPlace: false,
    linksByConversation: true,
    canDeleteInput: false,
    hasAuditThread: false,
    busy: 'later',
    stack: h.stack,
    command: (name) => `/${name}`,
    async say(who, where, text) {
      only(who);
      if (where !== 'private') throw new Error('the console has no shared chat');
      printed += await h.say(text);
    },
    async dm(who, text) {
      only(who);
      printed += await h.say(`/${text}`);
    },
    async press(who, _where, label) {
      only(who);
      // Buttons are numbered choices: the newest line offering `label`.
      const choice = [...printed.matchAll(/\[(\d+)\] (.+)/g)].reverse().find((m) => m[2]?.trim() === label);
      if (!choice) throw new Error(`no ${label} choice`);
      lastChoice = choice[1]!;
      printed += await h.say(lastChoice);
    },
    async pressAgain(who) {
      only(who);
      if (!lastChoice) throw new Error('nothing was chosen yet');
      printed += await h.say(lastChoice);
    },
    async pressAtOnce() {
      throw new Error('the console has one user');
    },
    sharedView: () => '',
    privateView: () => h.transcript(),
    ephemeralView: () => '',
    messages: () => h.transcript().split('\n'),
    lastInputDeleted: () => false,
    auditThread: () => [],
    async makeSupportChannel() {
      throw new Error('the console has no shared chat');
    },
    linkDemo: async (who) => {
      only(who);
      await h.stack.linkDemo(h.identity);
    },
    close: () => h.close(),
  };
}
