import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/telephony/operations.js';
import { accountBody, fastAccountBody } from '../../src/telephony/wire.js';
import { loadFixture } from '../helpers/fixture-server.js';

/**
 * The hand-written `account` decoder (docs/performance.md §2.2) duplicates `accountBody`; it may only ever give what
 * the schema gives. Where it returns a value the schema must succeed with an equal value; where it
 * declines (`undefined`) the schema decides.
 */

const amountText = fc.oneof(
  fc.constantFrom('18,40', '0.0350', '-1,5', '0,10 EUR', '1 234,56', '', 'abc', '18,40 eur', '+3'),
  fc.stringMatching(/^[+-]?\d{1,8}([.,]\d{0,5})?( ?[A-Za-z]{0,4})?$/),
);
const fieldValue = fc.oneof(
  fc.string(),
  amountText,
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
);
const entry = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record(
      {
        customername: fieldValue,
        customernumber: fieldValue,
        accountnumber: fieldValue,
        amount: fieldValue,
        accountname: fieldValue,
        extra: fc.anything(),
      },
      { requiredKeys: [] },
    ),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      customername: fc.option(fc.string(), { nil: undefined }),
      customernumber: fc.string(),
      accountnumber: fc.string(),
      amount: amountText,
      accountname: fc.option(fc.string(), { nil: undefined }),
    }),
  },
  { weight: 1, arbitrary: fc.anything() },
);
const body = fc.oneof(
  { weight: 8, arbitrary: fc.record({ accounts: fc.array(entry, { maxLength: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ accounts: fc.anything() }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: fc.anything() },
);

describe('fastAccountBody agrees with accountBody', () => {
  it('on generated bodies (property)', () => {
    fc.assert(
      fc.property(body, (b) => {
        const fast = fastAccountBody(b);
        if (fast === undefined) return;
        const slow = accountBody.safeParse(b);
        expect(slow.success).toBe(true);
        expect(fast).toEqual(slow.data);
      }),
      { numRuns: 5_000 },
    );
  });

  it('takes the common shape itself (so the fast path is really used)', () => {
    const fixture = (loadFixture('account') as { body: unknown }).body;
    expect(fastAccountBody(fixture)).toBeDefined();
    expect(fastAccountBody(fixture)).toEqual(accountBody.parse(fixture));
    expect(operations.account.fastResponse).toBe(fastAccountBody);
  });

  it('declines what only the schema may judge', () => {
    expect(fastAccountBody({ accounts: {} })).toBeUndefined();
    expect(fastAccountBody({})).toBeUndefined();
    expect(
      fastAccountBody({ accounts: [{ customernumber: 1, accountnumber: '1', amount: '1,00' }] }),
    ).toBeUndefined();
    expect(
      fastAccountBody({ accounts: [{ customernumber: '1', accountnumber: '1', amount: '1 234' }] }),
    ).toBeUndefined();
  });
});
