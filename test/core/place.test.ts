import { describe, expect, it } from 'vitest';
import { place } from '../../src/core/delivery/delivery.js';
import { messagesFor } from '../../src/core/messages.js';
import type { Audience, OutputClass, Visibility } from '../../src/core/reply.js';

/**
 * The delivery rule as a table (docs/architecture.md §8.3.3): visibility × output class × chat kind ×
 * `/groupdata` × input seen → audience. Every cell is stated, so a change of the rule shows here.
 */
const t = messagesFor('en');
const kinds = ['private', 'shared'] as const;
const outputs: OutputClass[] = ['public', 'personal', 'secret', 'echo'];
const visibilities: (Visibility | undefined)[] = [undefined, 'public', 'personal', 'secret'];
const RANK = { public: 0, personal: 1, secret: 2 } as const;

/** The rule restated independently: the stricter class wins; secrets never in a shared chat. */
function expected(
  own: Visibility | undefined,
  output: OutputClass,
  kind: 'private' | 'shared',
  groupdata: boolean,
  seen: boolean,
): Audience {
  const base: Visibility = output === 'echo' ? (seen ? 'public' : 'personal') : output;
  const v = own && RANK[own] > RANK[base] ? own : base;
  if (kind === 'private') return 'chat';
  if (v === 'public' || (v === 'personal' && groupdata)) return 'chat';
  return v === 'secret' ? 'private' : 'actor';
}

describe('place(): every combination', () => {
  const rows: [Visibility | undefined, OutputClass, 'private' | 'shared', boolean, boolean][] = [];
  for (const own of visibilities)
    for (const output of outputs)
      for (const kind of kinds)
        for (const groupdata of [false, true])
          for (const seen of [false, true]) rows.push([own, output, kind, groupdata, seen]);

  it.each(rows)(
    'visibility %s, output %s, %s chat, groupdata %s, input seen %s',
    (own, output, kind, groupdata, seen) => {
      const [placed] = place([{ text: 'x', ...(own ? { visibility: own } : {}) }], {
        chat: { id: 'c', kind },
        settings: groupdata ? { showPersonalData: true } : {},
        inputSeen: seen,
        output,
        secretInput: false,
        actor: 'u',
        audited: [],
        t,
      });
      expect(placed?.audience).toBe(expected(own, output, kind, groupdata, seen));
      // The audience is always set: nothing downstream defaults it to the whole chat.
      expect(placed?.visibility).toBeDefined();
    },
  );

  it('a secret-bearing input is deleted even when nothing is answered', () => {
    const placed = place([], {
      chat: { id: 'c', kind: 'shared' },
      settings: {},
      inputSeen: true,
      output: 'public',
      secretInput: true,
      actor: 'u',
      audited: [],
      t,
    });
    expect(placed).toEqual([{ audience: 'actor', visibility: 'personal', deleteIncoming: true }]);
  });
});
