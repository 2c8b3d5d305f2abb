import type { Api } from 'grammy';
import { errorSummary } from '../../core/index.js';
import type { TelegramLogger } from './options.js';

export interface AdminCacheOptions {
  api: Api;
  ttlMs: number;
  logger: TelegramLogger;
  /** Bounds memory in a bot that sits in many groups. Default 10,000. */
  maxEntries?: number;
}

/**
 * Whether a user administers a group (ChatRef.userIsAdmin, for group settings such as showing
 * personal data, docs/privacy.md §1.4). One `getChatMember` per user and group per `ttlMs`, so a busy group does
 * not cost an extra API call per message.
 */
export class AdminCache {
  readonly #o: AdminCacheOptions;
  readonly #entries = new Map<string, { admin: boolean; until: number }>();

  constructor(options: AdminCacheOptions) {
    this.#o = options;
  }

  async isAdmin(chatId: number, userId: number): Promise<boolean> {
    const hit = this.#entries.get(`${chatId}:${userId}`);
    if (hit && hit.until > Date.now()) return hit.admin;
    return this.isAdminNow(chatId, userId);
  }

  /**
   * Asked of Telegram now, past the cache (and the cache refreshed): what an approval press reads,
   * so an admin demoted within the last `ttlMs` approves nothing (docs/money-guard.md §2.5).
   */
  async isAdminNow(chatId: number, userId: number): Promise<boolean> {
    try {
      const member = await this.#o.api.getChatMember(chatId, userId);
      const admin = member.status === 'creator' || member.status === 'administrator';
      if (this.#entries.size >= (this.#o.maxEntries ?? 10_000)) this.#entries.clear();
      this.#entries.set(`${chatId}:${userId}`, { admin, until: Date.now() + this.#o.ttlMs });
      return admin;
    } catch (error) {
      // Not knowing means not an admin: the safe default for a permission.
      this.#o.logger.warn({ chatId, err: errorSummary(error) }, 'telegram: admin check failed');
      return false;
    }
  }
}
