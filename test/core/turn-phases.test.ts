import { describe, expect, it } from 'vitest';
import { askStep } from '../../src/core/dispatch/ask-step.js';
import {
  argumentsStep,
  chatRulesStep,
  confirmationStep,
  credentialsStep,
  rolesStep,
  runStep,
} from '../../src/core/dispatch/command-steps.js';
import { guardStep } from '../../src/core/dispatch/guard-step.js';
import {
  chain,
  type Ended,
  firstOf,
  type Received,
  type Resolved,
  type Step,
} from '../../src/core/dispatch/turn.js';

/**
 * The phases of a turn (src/core/dispatch/turn.ts, docs/architecture.md §3): each step takes the
 * phase the step before it makes, so a pipeline in the wrong order does not compile. The
 * `@ts-expect-error` lines are checked by `tsc --noEmit` (test/ is part of the project): if one of
 * them compiled, the directive itself would be the error.
 */

const credentials = credentialsStep(() => async () => []);

describe('a pipeline in the wrong order does not compile', () => {
  it('the command steps in their order make a pipeline that always answers', () => {
    const steps: Step<Resolved, never> = chain(chatRulesStep)
      .to(rolesStep)
      .to(askStep)
      .to(argumentsStep)
      .to(credentials)
      .to(guardStep)
      .to(confirmationStep)
      .to(runStep).run;
    expect(typeof steps).toBe('function');
  });

  it('a step before the one that makes its input is refused', () => {
    // @ts-expect-error arguments need the role, which rolesStep makes.
    chain(chatRulesStep).to(argumentsStep);
    // @ts-expect-error the handler runs only with its context, which the credentials step makes.
    chain(rolesStep).to(runStep);
    // @ts-expect-error the confirmation needs the context too.
    chain(argumentsStep).to(confirmationStep);
    // @ts-expect-error the run ends the turn: nothing comes after it.
    chain(runStep).to(runStep);
    expect(true).toBe(true);
  });
});

describe('running the steps', () => {
  const received = { record: { outcome: 'ok' } } as unknown as Received;
  const resolved = { ...received, spec: { name: 'x' }, tokens: [] } as unknown as Resolved;
  const engine = {} as never;

  it('the first step that ends the turn ends it; the ones after it do not run', async () => {
    const ran: string[] = [];
    const ends: Step<Resolved, Resolved> = async () => {
      ran.push('ends');
      return { ended: [{ text: 'stop' }] };
    };
    const after: Step<Resolved, never> = async () => {
      ran.push('after');
      return { ended: [] };
    };
    const out = (await chain(ends).to(after).run(engine, resolved)) as Ended;
    expect(out.ended).toEqual([{ text: 'stop' }]);
    expect(ran).toEqual(['ends']);
  });

  it('the first resolver that answers or names the command decides; later ones do not run', async () => {
    const ran: string[] = [];
    const pass = async () => {
      ran.push('pass');
      return undefined;
    };
    const names = async () => {
      ran.push('names');
      return resolved;
    };
    const never = async () => {
      ran.push('never');
      return undefined;
    };
    const last: Step<Received, Resolved> = async () => {
      ran.push('last');
      return resolved;
    };
    expect(await firstOf([pass, names, never], last)(engine, received)).toBe(resolved);
    expect(ran).toEqual(['pass', 'names']);
    ran.length = 0;
    await firstOf([pass], last)(engine, received);
    expect(ran).toEqual(['pass', 'last']);
  });
});
