import type { webApi } from '@slack/bolt';
import { type Language, wordsIn } from '../../core/index.js';
import { slackWords } from './words/index.js';

/**
 * Posts a reply's audit records into a support channel as a short record in a thread, so the team
 * sees who did what (docs/privacy.md §3.3) without flooding the channel: one parent message per channel and
 * day, every record a reply to it. The audit log in the store stays the source of truth; this is
 * the team's view of it. Parents are remembered in memory: after a restart, or on a second
 * instance, a day may get a second parent, which is harmless.
 */
export class AuditThread {
  readonly #parents = new Map<string, Promise<string | undefined>>();
  #day = '';

  constructor(private readonly now: () => Date) {}

  /** `note` is mrkdwn, already escaped (it may hold a mention). */
  async post(client: webApi.WebClient, channel: string, note: string, language?: Language): Promise<void> {
    const day = this.now().toISOString().slice(0, 10);
    if (day !== this.#day) {
      this.#parents.clear();
      this.#day = day;
    }
    let parent = this.#parents.get(channel);
    if (!parent) {
      parent = client.chat
        .postMessage({
          channel,
          text: `:ledger: ${wordsIn(slackWords, language).supportLog(day)}`,
          unfurl_links: false,
        })
        .then((res) => res.ts);
      this.#parents.set(channel, parent);
      // A failed parent is forgotten so the next record tries again.
      parent.catch(() => this.#parents.delete(channel));
    }
    const threadTs = await parent;
    await client.chat.postMessage({
      channel,
      text: note,
      ...(threadTs ? { thread_ts: threadTs } : {}),
      unfurl_links: false,
    });
  }
}
