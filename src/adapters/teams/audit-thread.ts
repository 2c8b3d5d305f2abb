import { type Language, wordsIn } from '../../core/index.js';
import type { TeamsPlace } from './place.js';
import type { Rendered } from './render-card.js';
import { teamsWords } from './words/index.js';

/**
 * A support channel's audit records as Teams shows them (docs/teams.md §4, docs/privacy.md §3.3):
 * one parent message per channel and day, every record a reply in its thread, as Slack does. The
 * audit log in the store stays the source of truth; parents are remembered in memory, so after a
 * restart a day may get a second parent, which is harmless.
 */
export class TeamsAuditThread {
  readonly #parents = new Map<string, Promise<string>>();
  #day = '';

  constructor(private readonly now: () => Date = () => new Date()) {}

  async post(place: TeamsPlace, record: Rendered, language?: Language): Promise<void> {
    const day = this.now().toISOString().slice(0, 10);
    if (day !== this.#day) {
      this.#parents.clear();
      this.#day = day;
    }
    const channel = place.o.conversationId;
    let parent = this.#parents.get(channel);
    if (!parent) {
      parent = place.send({ type: 'message', text: `📒 ${wordsIn(teamsWords, language).supportLog(day)}` });
      this.#parents.set(channel, parent);
      // A failed parent is forgotten so the next record tries again.
      parent.catch(() => this.#parents.delete(channel));
    }
    await place.reply(await parent, record);
  }
}
