import type { ChatRef, Identity } from '../../src/core/identity.js';
import type { ChannelCapabilities } from '../../src/core/ports/channel.js';
import type { Reply } from '../../src/core/reply.js';
import { createTestStack, type TestStack, type TestStackOptions } from '../helpers/stack.js';

export const alice: Identity = { platform: 'console', tenant: '', user: 'alice', displayName: 'Alice' };
export const bob: Identity = { platform: 'console', tenant: '', user: 'bob', displayName: 'Bob' };
export const privateChat: ChatRef = { id: 'dm', kind: 'private' };
export const group: ChatRef = { id: 'g1', kind: 'shared' };
export const groupAsAdmin: ChatRef = { ...group, userIsAdmin: true };

export interface CoreHarness {
  stack: TestStack;
  /** Sends a line to the core and returns all reply texts joined, plus the replies. */
  send(
    text: string,
    options?: {
      as?: Identity;
      chat?: ChatRef | undefined;
      locale?: string;
      timeZone?: string;
      /** What the channel can do, as its adapter declares it; absent: nothing is promised. */
      can?: ChannelCapabilities;
    },
  ): Promise<{ text: string; replies: Reply[] }>;
  close(): Promise<void>;
}

/** All printable text of replies, for assertions on what a user reads. */
export function textOf(replies: readonly Reply[]): string {
  return replies
    .map((r) =>
      [
        r.title,
        r.text,
        ...(r.fields ?? []).map((f) => `${f.label}: ${f.value}`),
        ...(r.table ? [r.table.columns.join(' | '), ...r.table.rows.map((row) => row.join(' | '))] : []),
        r.table?.caption,
        ...(r.actions ?? []).map((a) => `[${a.label}]`),
      ]
        .filter(Boolean)
        .join('\n'),
    )
    .join('\n');
}

/** The real core over the real client and sandbox, driven through `handleText` (no channel). */
export async function startCore(options: TestStackOptions & { link?: boolean } = {}): Promise<CoreHarness> {
  const stack = await createTestStack(options);
  if (options.link !== false) await stack.linkDemo(alice);
  return {
    stack,
    async send(text, o = {}) {
      const replies = await stack.core.handleText({
        identity: o.as ?? alice,
        chat: o.chat ?? privateChat,
        text,
        ...(o.locale ? { locale: o.locale } : {}),
        ...(o.timeZone ? { timeZone: o.timeZone } : {}),
        ...(o.can ? { can: o.can } : {}),
      });
      return { text: textOf(replies), replies };
    },
    close: () => stack.close(),
  };
}

/** The action id of the button labelled `label`. */
export function actionOf(replies: readonly Reply[], label: string): string {
  const a = replies.flatMap((r) => r.actions ?? []).find((x) => x.label === label);
  if (!a) throw new Error(`no ${label} button in ${JSON.stringify(replies)}`);
  return a.actionId;
}
