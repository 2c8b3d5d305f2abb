import { describe, expect, it } from 'vitest';
import { unknownVariableWarnings } from '../../src/bots/config.js';
import { suggest } from '../../src/core/values/suggest.js';

/**
 * "Did you mean" (docs/interface.md §1.3): the edits allowed grow with the word, so a short word is
 * not "near" everything (`/xyz` is not `/tz`: two edits of three letters); a swap of two letters is
 * one edit; and a name that keeps all of the typed words wins over one only as few edits away.
 */
const commands = ['balance', 'help', 'tz', 'call', 'card', 'cdrs', 'topup', 'rate', 'limit', 'alert'];

describe('suggest', () => {
  it.each([
    ['xyz', undefined],
    ['hepl', 'help'],
    ['balnce', 'balance'],
    ['balanse', 'balance'],
    ['tx', 'tz'],
    ['topop', 'topup'],
    ['zzzzzz', undefined],
  ])('%s → %s', (typed, expected) => {
    expect(suggest(typed, commands)).toBe(expected);
  });

  it('TELEGRAM_TOKEN is TELEGRAM_BOT_TOKEN, not TELEGRAM_MODE', () => {
    const [warning] = unknownVariableWarnings({ TELEGRAM_TOKEN: 'x' });
    expect(warning).toContain('did you mean TELEGRAM_BOT_TOKEN?');
  });

  it('a name missing a word gets the setting that has it', () => {
    expect(unknownVariableWarnings({ SLACK_TOKEN: 'x' })[0]).toContain('did you mean SLACK_BOT_TOKEN?');
    expect(unknownVariableWarnings({ TELEPHONY_URL: 'x' })[0]).toContain('did you mean TELEPHONY_BASE_URL?');
  });

  it('a misspelt setting is still named', () => {
    expect(unknownVariableWarnings({ TELEGRAM_BOT_TOKN: 'x' })[0]).toContain(
      'did you mean TELEGRAM_BOT_TOKEN?',
    );
    expect(unknownVariableWarnings({ LOG_LEVL: 'x' })[0]).toContain('did you mean LOG_LEVEL?');
  });
});
