import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One envelope for every Slack listener (README "Architecture", src/adapters/slack/turn.ts): the
 * delivery's claim, the user's lookup and the reply target are written once. A listener that
 * claims, looks up or builds a target itself has grown a second envelope.
 */
const dir = join(import.meta.dirname, '../../../src/adapters/slack');
const sources = readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => ({ file: f, text: readFileSync(join(dir, f), 'utf8') }));

describe('the Slack listener envelope', () => {
  it.each([
    ['claims a delivery', /\bclaimRequest\(/],
    ['looks up who asks where', /\bwhoAndWhere\(/],
    [
      'builds a reply target',
      /client(: [\w.]+)?,\s*channel:[^,\n]+,\s*user:[^,\n]+,\s*(tenant:[^,\n]+,\s*)?chat\b/,
    ],
  ])('only turn.ts %s', (_what, pattern) => {
    const where = sources.filter((s) => pattern.test(s.text)).map((s) => s.file);
    // claim.ts and deps.ts define the first two; turn.ts is the one caller.
    expect(where.filter((f) => !['claim.ts', 'deps.ts'].includes(f))).toEqual(['turn.ts']);
  });

  it('every listener that acknowledges goes through acknowledged() or a form’s onSubmit()', () => {
    const acks = sources.filter((s) => /await ack\(/.test(s.text)).map((s) => s.file);
    expect(acks.sort()).toEqual(['form-submit.ts', 'turn.ts']);
  });
});
