import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenize } from '../../src/core/values/tokenize.js';

describe('tokenize', () => {
  it.each([
    ['rate +49 30 1234567', ['rate', '+49 30 1234567']],
    ['call +49 30 1234567 +49 176 1234567', ['call', '+49 30 1234567', '+49 176 1234567']],
    ['call 0049 30 1234567 0043 1 234567', ['call', '0049 30 1234567', '0043 1 234567']],
    ['call 4930123 4917612345678', ['call', '4930123', '4917612345678']],
    ['rate +49 (0)30 123-456', ['rate', '+49 (0)30 123-456']],
    ['cdrs 7d today 20', ['cdrs', '7d', 'today', '20']],
    ['  topup   1234  ', ['topup', '1234']],
    ['', []],
    ['card show +49 170 1234 5678', ['card', 'show', '+49 170 1234 5678']],
  ])('%j → %j', (text, expected) => {
    expect(tokenize(text)).toEqual(expected);
  });

  it('stops a spaced number at 15 digits (E.164), so the next number stays apart', () => {
    expect(tokenize('call +49 30 1234567 1234567')).toEqual(['call', '+49 30 1234567', '1234567']);
  });

  it('a long digit run after a short prefix is not merged', () => {
    expect(tokenize('check +49 123456789')).toEqual(['check', '+49', '123456789']);
    expect(tokenize('card show +49 170 12345678')).toEqual(['card', 'show', '+49 170 12345678']);
  });

  it('an amount with decimals after a short number is an amount, not a digit group', () => {
    // `/card limit <number> <amount>` and `/card create <number> <amount>` (docs/money-guard.md §1, §2).
    expect(tokenize('card limit +4930123456 20.00')).toEqual(['card', 'limit', '+4930123456', '20.00']);
    expect(tokenize('card create +49 30 123456 5,50')).toEqual(['card', 'create', '+49 30 123456', '5,50']);
    expect(tokenize('card limit +4930123456 0.5')).toEqual(['card', 'limit', '+4930123456', '0.5']);
  });

  const texts = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 80 }),
    fc
      .array(
        fc.oneof(
          fc.constantFrom('+49', '0049', '30', '(0)', '123-456', '+', '00', ' ', '\t', '\n'),
          fc.string(),
        ),
        {
          maxLength: 12,
        },
      )
      .map((parts) => parts.join(' ')),
  );

  it('never loses or adds characters other than whitespace (property)', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const strip = (s: string) => s.replace(/\s/g, '');
        expect(strip(tokenize(text).join(''))).toBe(strip(text));
      }),
      { numRuns: 2000, seed: 7 },
    );
  });

  it('keeps the order and never yields empty or whitespace-edged tokens (property)', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const tokens = tokenize(text);
        for (const t of tokens) {
          expect(t).not.toBe('');
          expect(t).toBe(t.trim());
        }
        const flat = text.trim().split(/\s+/).filter(Boolean);
        expect(tokens.flatMap((t) => t.split(/\s+/))).toEqual(flat);
      }),
      { numRuns: 2000, seed: 8 },
    );
  });
});
