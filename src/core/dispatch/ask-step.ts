import { accountClientFor } from '../accounts/credentials-access.js';
import { asksInForm, capabilitiesOf } from '../delivery/capabilities.js';
import { chatKey, identityKey } from '../identity.js';
import { withBack } from '../menu/home.js';
import { askFor } from '../menu/prompts.js';
import { type Authorized, ends, type Step } from './turn.js';

/** Sent with no arguments, a command that can ask for its one argument asks (`/topup` asks for the PIN). */
export const askStep: Step<Authorized, Authorized> = async (e, turn) => {
  const { spec } = turn;
  const { t } = turn.loc;
  if (!spec.ask || turn.tokens.length > 0) return turn;
  // No secret is asked for a command that would then refuse for want of a linked account.
  if (spec.needs === 'account') await accountClientFor(e.stores, e.clientFactory, ownerOf(turn));
  // A PIN typed as a message would stay where the channel cannot delete it: asked in its form (a
  // Slack modal); where the form cannot open (its trigger expired), the words say to send it with the command.
  if (spec.ask === 'pin' && asksInForm(capabilitiesOf(turn.input)))
    return ends(turn, 'asked', { text: t.promptPin, asksSecret: 'topup' });
  const prompt = { command: spec.name, before: [], after: [], ask: spec.ask };
  const question = await askFor(e.stores, identityKey(turn.input.identity), prompt, e.clock(), t);
  return ends(turn, 'asked', turn.view.fromMenu ? withBack(question, t) : question);
};

/** Whose credentials a command uses: an agent's are the support channel's. */
const ownerOf = ({ input, role }: Authorized) =>
  role === 'agent'
    ? chatKey(input.identity.platform, input.identity.tenant, input.chat)
    : identityKey(input.identity);
