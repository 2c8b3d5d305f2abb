import { describe, expect, it } from 'vitest';
import { findPhoneNumber } from '../../src/core/values/find-number.js';

describe('findPhoneNumber', () => {
  it.each([
    ['Call me at +49 30 1234567 tomorrow', '+49301234567'],
    ['office: 0043 1 234567, mobile +49 176 1234567', '+431234567'],
    ['(+44) no, +44 20 7946 0000', '+442079460000'],
    ['fax +49-30-123456-7.', '+49301234567'],
  ])('%s → %s', (text, number) => {
    expect(findPhoneNumber(text)).toBe(number);
  });

  it.each(['no number here', 'local 030 1234567 has no country code', 'order #123456789'])(
    '%s → none',
    (text) => {
      expect(findPhoneNumber(text)).toBeUndefined();
    },
  );
});
