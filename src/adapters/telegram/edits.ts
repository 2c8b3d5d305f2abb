import type { Bot, Context } from 'grammy';
import { type Door, errorSummary, type PlacedOutcome } from '../../core/index.js';
import type { HandlerOptions } from './handlers.js';
import { chatKindOf, normaliseText } from './incoming.js';
import { answerPlainly } from './odd-inputs.js';

/**
 * Edited messages (Bot API `edited_message`, docs/privacy.md §2.2). An edit runs as a new message
 * (its secret deleted as in any new message, a confirmed command asking for a fresh confirmation)
 * when the original changed nothing: it was a read, was refused, did not parse, or was not for us.
 * The core says so (`PlacedOutcome.changedState`: a command that changes state ran, or may have).
 * When the original changed something, or no instance saw it, the edit
 * is not run: its arguments are deleted where they may hold a secret, and the user is told to send
 * it as a new message. What each original did is kept in the store for a day ({@link EditRecords},
 * the store's claims: a key per outcome with a TTL), so every instance, and one after a restart,
 * judges an edit the same. Telegram gives no way to tell an edit that fixes a typo from one that
 * means "again", so the bot never guesses "again".
 */

/** How long what a message did is kept: an edit later than this is not run. */
const KEPT_MS = 24 * 3_600_000;

type Outcome = 'changed' | 'nothing';

/** A small record per message and outcome, with a TTL, in the shared store (`ClaimStore`'s claim and held). */
export interface EditRecords {
  claim(key: string, ttlMs: number): Promise<boolean>;
  held(key: string): Promise<boolean>;
}

/** This instance's memory, for a channel run without a store (tests, a single process): the last 10,000. */
function memoryRecords(): EditRecords {
  const keys = new Set<string>();
  return {
    async claim(key) {
      if (keys.has(key)) return false;
      keys.add(key);
      if (keys.size > 10_000) keys.delete(keys.values().next().value!);
      return true;
    },
    held: async (key) => keys.has(key),
  };
}

export class EditMemory {
  readonly #byRequest = new Map<string, Outcome>();
  readonly #records: EditRecords;

  constructor(records?: EditRecords) {
    this.#records = records ?? memoryRecords();
  }

  /** The door as the handlers see it, noting whether each message's command changed something. */
  watch(door: Door): Door {
    return {
      busyWords: (locale, full) => door.busyWords(locale, full),
      receive: (arrival) => {
        let id: string | undefined;
        return door.receive({
          ...arrival,
          enrich: async () => {
            const enriched = await arrival.enrich();
            id = enriched && 'text' in enriched ? enriched.text.requestId : undefined;
            // A core that fails may have acted: it counts as changed until it answers otherwise.
            if (id !== undefined) this.#byRequest.set(id, 'changed');
            return enriched;
          },
          meanwhile: (work) => {
            arrival.meanwhile?.(work);
            // Told before enrich() has answered: the request's id is read once the decision is in.
            work.then(
              (decision) => {
                if (id === undefined) return;
                // The core says what the decision did; not known (absent) counts as changed.
                const changed = (decision as PlacedOutcome | undefined)?.changedState !== false;
                this.#byRequest.set(id, changed ? 'changed' : 'nothing');
              },
              () => {},
            );
          },
        });
      },
    };
  }

  /** After a message was handled: what it did, under its chat and message id, in the store. */
  async settle(ctx: Context): Promise<void> {
    const msg = ctx.message;
    if (!msg) return;
    const request = requestKey(ctx);
    const outcome = this.#byRequest.get(request) ?? 'nothing';
    this.#byRequest.delete(request);
    await this.#records.claim(messageKey(ctx, msg.chat.id, msg.message_id, outcome), KEPT_MS);
  }

  /**
   * Whether an edit of this message may run as a new one: its original is known to have changed
   * nothing. A store that fails counts as not known (fails closed: not run).
   */
  async mayRun(ctx: Context, chatId: number, messageId: number): Promise<boolean> {
    const held = (outcome: Outcome) => this.#records.held(messageKey(ctx, chatId, messageId, outcome));
    try {
      return (await held('nothing')) && !(await held('changed'));
    } catch {
      return false;
    }
  }
}

/**
 * Registers the edit handling before the message handlers: an edit that may run is handed on as
 * a new message dated by its edit (so it is not refused as late); one that may not is answered.
 */
export function installEdits(bot: Bot, options: HandlerOptions, memory: EditMemory): void {
  bot.on('edited_message', async (ctx, next) => {
    const edited = ctx.editedMessage;
    if (await memory.mayRun(ctx, edited.chat.id, edited.message_id)) {
      const update = ctx.update as { message?: unknown; edited_message?: unknown };
      update.message = { ...edited, date: edited.edit_date ?? edited.date };
      delete update.edited_message;
      return next();
    }
    const raw = edited.text ?? edited.caption ?? '';
    const text = normaliseText(raw, chatKindOf(edited.chat), ctx.me.username);
    if (text === undefined || !text.startsWith('/')) return;
    const [command = text] = text.split(/\s+/);
    // Not run, so the core never sees it: arguments that may be a secret leave the chat at once.
    if (text !== command) await ctx.api.deleteMessage(edited.chat.id, edited.message_id).catch(() => {});
    await answerPlainly(ctx, options, (t) => t.editAfterChange(command));
  });
  bot.on('message', async (ctx, next) => {
    await next();
    await memory.settle(ctx).catch((error: unknown) => {
      // Not kept: an edit of this message is then not run (fails closed).
      options.logger.warn({ err: errorSummary(error) }, 'telegram: could not keep what a message did');
    });
  });
}

function requestKey(ctx: Context): string {
  return `tg-${ctx.me.id}-${ctx.update.update_id}`;
}

function messageKey(ctx: Context, chatId: number, messageId: number, outcome: Outcome): string {
  return `tg-edit:${ctx.me.id}:${chatId}:${messageId}:${outcome}`;
}
