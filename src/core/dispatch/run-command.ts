import type { IncomingCommand, IncomingText } from '../core.js';
import type { PlacedReply } from '../reply.js';
import { commandSteps } from './dispatch.js';
import type { Engine } from './engine.js';
import { ends, rateLimitStep, type TextStep } from './text-steps.js';

/** The dispatcher's run of one line through `steps` (handlers.ts): its log line, notices and drain. */
export type TextRun = (input: IncomingText, steps?: readonly TextStep[]) => Promise<PlacedReply[]>;

/**
 * The core's entry for a command by name with typed arguments (a Slack form's value, a shortcut's
 * number): the line's lookup is skipped, nothing else. The command's own schema checks the
 * arguments (a bad one gets the same fix as typed), then chat rules, roles, a question for a
 * missing argument, credentials, guard, confirmation and the run, placed and delivered like any
 * command. The arguments reached the bot alone (a form, a shortcut): the chat saw nothing.
 */
export function commandRunner(e: Engine, run: TextRun): (input: IncomingCommand) => Promise<PlacedReply[]> {
  return ({ command, args, ...asker }) =>
    run({ ...asker, text: '', inputIsPrivate: true }, [
      rateLimitStep,
      namedStep(command, args),
      ...commandSteps(e),
    ]);
}

/** The named command and its arguments, as the lookup of a typed line would have found them. */
function namedStep(command: string, args: readonly string[]): TextStep {
  return async (e, turn) => {
    const spec = e.byName.get(command.toLowerCase());
    if (!spec) {
      turn.name = 'unknown';
      return ends(turn, 'unknown-command', {
        text: turn.t.unknownCommand(command.slice(0, 40)),
        tone: 'error',
      });
    }
    turn.spec = spec;
    turn.name = spec.name;
    turn.tokens = [...args];
    // A secret among them came through a form, never through a message: nothing to delete.
    turn.secretInput = false;
    return undefined;
  };
}
