import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One envelope for every Slack listener (docs/architecture.md §4.2, src/adapters/slack/turn.ts): the
 * user's lookup and the reply target are written once, and the delivery's claim is the core's
 * door's (src/core/dispatch/intake.ts). A listener that claims, looks up or builds a target itself
 * has grown a second envelope.
 */
const dir = join(import.meta.dirname, '../../../src/adapters/slack');
const sources = readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => ({ file: f, text: readFileSync(join(dir, f), 'utf8') }));

describe('the Slack listener envelope', () => {
  it('no listener claims a delivery: the core’s door does', () => {
    expect(sources.filter((s) => /\.claim\(|\bclaimRequest\(/.test(s.text)).map((s) => s.file)).toEqual([]);
  });

  it.each([
    ['looks up who asks where', /\bwhoAndWhere\(/],
    [
      'builds a reply target',
      /client(: [\w.]+)?,\s*channel:[^,\n]+,\s*user:[^,\n]+,\s*(tenant:[^,\n]+,\s*)?chat\b/,
    ],
  ])('only turn.ts %s', (_what, pattern) => {
    const where = sources.filter((s) => pattern.test(s.text)).map((s) => s.file);
    // deps.ts defines the lookup; turn.ts is the one caller.
    expect(where.filter((f) => f !== 'deps.ts')).toEqual(['turn.ts']);
  });

  it('every listener that acknowledges goes through acknowledged() or a form’s onSubmit()', () => {
    const acks = sources.filter((s) => /await ack\(/.test(s.text)).map((s) => s.file);
    expect(acks.sort()).toEqual(['form-submit.ts', 'turn.ts']);
  });
});
