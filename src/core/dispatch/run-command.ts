import type { CommandRef } from '../command-spec.js';
import type { IncomingCommand, IncomingText } from '../core.js';
import type { PlacedOutcome } from '../reply.js';
import { commandSteps } from './dispatch.js';
import type { Engine } from './engine.js';
import { rateLimitStep } from './text-steps.js';
import { chain, ends, firstOf, type Received, type Resolved, resolvedAs, type Step } from './turn.js';

/** The dispatcher's run of one line through `steps` (handlers.ts): its log line, notices and drain. */
export type TextRun<D = PlacedOutcome> = (input: IncomingText, steps?: Step<Received, never>) => Promise<D>;

/**
 * The core's entry for a command by name with typed arguments (a Slack form's value, a shortcut's
 * number): the line's lookup is skipped, nothing else. The command's own schema checks the
 * arguments (a bad one gets the same fix as typed), then chat rules, roles, a question for a
 * missing argument, credentials, guard, confirmation and the run, placed and delivered like any
 * command. The arguments reached the bot alone (a form, a shortcut): the chat saw nothing.
 */
export function commandRunner<D>(e: Engine, run: TextRun<D>): (input: IncomingCommand) => Promise<D> {
  const steps = commandSteps(e);
  return ({ command, args, ...asker }) =>
    run(
      { ...asker, text: '', inputIsPrivate: true },
      chain(firstOf([rateLimitStep], namedStep(command, args))).to(steps).run,
    );
}

/** The named command and its arguments, as the lookup of a typed line would have found them. */
function namedStep(command: CommandRef, args: readonly string[]): Step<Received, Resolved> {
  return async (e, turn) => {
    const spec = e.byName.get(command.toLowerCase());
    if (!spec) {
      turn.record.name = 'unknown';
      return ends(turn, 'unknown-command', {
        text: turn.loc.t.unknownCommand(command.slice(0, 40)),
        tone: 'error',
      });
    }
    // A secret among them came through a form, never through a message: nothing to delete.
    return resolvedAs(turn, spec, [...args], false);
  };
}
