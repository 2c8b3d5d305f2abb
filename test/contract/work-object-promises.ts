import { describe, expect, it } from 'vitest';
import { type DriverFactory, eachDriver } from './driver.js';

/**
 * A record's preview keeps the privacy rules (docs/privacy.md §3.4), on every channel that declares
 * such previews (`workObjects`); the others have no such surface and skip: nothing personal in a
 * shared chat's preview, and the record's details only in the panel of a person linked to it.
 */

/** A calling card of the demo account's card module (the sandbox's demo data), and what only its owner may read. */
const CARD = '4917012345678';
const PERSONAL = /Max Mustermann|18[.,]40|4917012345678|"demo"|12345678/;

export function workObjectsContract(name: string, start: DriverFactory): void {
  describe(`record previews: ${name}`, () => {
    const driver = eachDriver(start);

    it('a preview in a shared chat holds nothing personal; the details open for a linked person only', async (ctx) => {
      const d = driver();
      const wo = d.workObjects;
      if (!wo || !d.hasSharedChat) return ctx.skip();
      const url = wo.link(CARD);
      const preview = await wo.share('alice', 'shared', url);
      expect(preview, 'a linked poster gets a preview').not.toBe('');
      expect(preview).not.toMatch(PERSONAL);
      expect(await wo.share('bob', 'shared', url), 'an unlinked poster gets none').toBe('');
      const theirs = await wo.open('bob', url);
      expect(theirs).not.toMatch(PERSONAL);
      expect(theirs).toContain('user_auth_required');
      expect(await wo.open('alice', url)).toMatch(/Max Mustermann/);
    });
  });
}
