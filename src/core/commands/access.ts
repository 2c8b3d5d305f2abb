import { z } from 'zod';
import { type CommandContext, commandText, defineCommand } from '../command-spec.js';
import type { Reply } from '../reply.js';

type AccessArgs =
  | { kind: 'list' }
  | { kind: 'connect'; code: string }
  | { kind: 'revoke'; which: number | 'all' };

/** A request's short code as typed: letters and digits, any case, dashes and spaces dropped. */
export const accessCode = (text: string) => text.replace(/[\s-]/g, '').toUpperCase();

/**
 * `/assistants` (`/mcp` too): the assistants that can act for this person (docs/mcp.md §8). `connect CODE` answers an
 * authorization page with its short code: the person sees, privately, the client's name and where
 * it returns, and Confirm approves while Cancel denies. Never a tool: access is given in chat only.
 */
export function accessCommands() {
  return [
    defineCommand<AccessArgs>({
      name: 'assistants',
      // The name it had first, still typed from older pages and links.
      aliases: ['mcp'],
      args: ({ t }) =>
        z.array(z.string()).transform((tokens, ctx): AccessArgs => {
          const [sub, arg, ...more] = tokens.map((x) => x.toLowerCase());
          if (sub === undefined) return { kind: 'list' };
          if (sub === 'connect' && arg && more.length === 0)
            return { kind: 'connect', code: accessCode(arg) };
          if (sub === 'revoke' && arg === 'all' && more.length === 0) return { kind: 'revoke', which: 'all' };
          if (sub === 'revoke' && arg && /^\d{1,3}$/.test(arg) && more.length === 0)
            return { kind: 'revoke', which: Number(arg) };
          ctx.addIssue({ code: 'custom', message: t.access.fix });
          return z.NEVER;
        }),
      ...commandText('assistants'),
      roles: ['holder', 'agent', 'admin'],
      // What an assistant may do is the person's own business, and a code typed in a group is refused.
      privateOnly: true,
      output: 'personal',
      needs: 'none',
      tool: false,
      deepLinkArgs: (payload) => ['connect', payload],
      confirmSubcommands: ['connect'],
      // An authorization page waits a few minutes; so does its question.
      pendingTtlMs: 5 * 60_000,
      async confirm(ctx) {
        if (ctx.args.kind !== 'connect') return undefined;
        const request = await ctx.stores.tokens.request(ctx.args.code);
        // No such request: the handler says so, without a question.
        return request && ctx.t.access.consent(request.clientName, new URL(request.redirectUri).host);
      },
      async cancelled(stores, tokens) {
        const code = tokens[1];
        if (tokens[0]?.toLowerCase() === 'connect' && code)
          await stores.tokens.decide(accessCode(code), { kind: 'denied' });
      },
      handler: (ctx) => {
        const args = ctx.args;
        if (args.kind === 'connect') return connect(ctx, args.code);
        if (args.kind === 'revoke') return revoke(ctx, args.which);
        return list(ctx);
      },
    }),
  ];
}

async function connect(ctx: CommandContext<AccessArgs>, code: string): Promise<Reply> {
  const { t } = ctx;
  const request = await ctx.stores.tokens.request(code);
  if (!request || !(await ctx.stores.tokens.decide(code, { kind: 'approved', owner: ctx.identityKey })))
    return { text: t.access.unknownCode(code), tone: 'error' };
  return { text: t.access.approved(request.clientName), tone: 'success', visibility: 'personal' };
}

async function list(ctx: CommandContext<AccessArgs>): Promise<Reply> {
  const { t, fmt } = ctx;
  const grants = await ctx.stores.tokens.grants(ctx.identityKey);
  if (grants.length === 0) return { text: t.access.none, visibility: 'personal' };
  const lines = grants.map((g, i) =>
    t.access.line(
      i + 1,
      g.clientName,
      g.redirectHost,
      fmt.dateTime(new Date(g.createdAt)),
      g.lastUsedAt ? fmt.dateTime(new Date(g.lastUsedAt)) : undefined,
    ),
  );
  return { text: [t.access.header, ...lines, t.access.revokeHint].join('\n'), visibility: 'personal' };
}

async function revoke(ctx: CommandContext<AccessArgs>, which: number | 'all'): Promise<Reply> {
  const { t } = ctx;
  const grants = await ctx.stores.tokens.grants(ctx.identityKey);
  const chosen = which === 'all' ? grants : grants.slice(which - 1, which);
  if (which !== 'all' && chosen.length === 0) return { text: t.access.revokeNone(which), tone: 'error' };
  if (chosen.length === 0) return { text: t.access.none, visibility: 'personal' };
  for (const g of chosen) await ctx.stores.tokens.revoke(ctx.identityKey, g.id);
  return { text: t.access.revoked(chosen.length), tone: 'success', visibility: 'personal' };
}
