import { SocketClosedUnexpectedlyError } from '@redis/client';
import { describe, expect, it } from 'vitest';
import { errorSummary } from '../../src/core/logs/safe-error.js';

/**
 * A Redis outage once logged `{"name":"Error"}`: the client's errors keep the
 * plain `name` and no code. The summary names the error's own class and takes a code from its
 * cause or the first of an AggregateError's errors, and still copies no message (docs/privacy.md §2.5).
 */
describe('errorSummary names the reason of errors that hide it', () => {
  it('a Redis socket closed under the bot: the class name, not "Error"', () => {
    const err = new SocketClosedUnexpectedlyError();
    expect(errorSummary(err)).toEqual({ name: 'SocketClosedUnexpectedlyError' });
  });

  it('a code from the cause, and from the first of an AggregateError (connect to every address refused)', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:6379 pw=hunter2'), {
      code: 'ECONNREFUSED',
    });
    expect(errorSummary(new Error('wrapped', { cause: refused }))).toEqual({
      name: 'Error',
      code: 'ECONNREFUSED',
    });
    const all = new AggregateError([refused, refused], 'hunter2');
    expect(errorSummary(all)).toEqual({ name: 'AggregateError', code: 'ECONNREFUSED' });
    expect(JSON.stringify(errorSummary(all))).not.toContain('hunter2');
  });
});
