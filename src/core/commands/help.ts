import { z } from 'zod';
import { type CommandSpec, defineCommand } from '../command-spec.js';
import { activeAccount } from '../credentials-access.js';
import type { Reply } from '../reply.js';

/** `/start` and `/help [command]`, generated from the command table itself. */
export function helpCommands(table: () => CommandSpec[]): CommandSpec[] {
  return [
    defineCommand({
      name: 'start',
      // One optional deep-link parameter (`/start link`); a default zod message would name no fix.
      args: z.array(z.string()).max(1, '/start takes no arguments; send /help for the list'),
      summary: (t) => t.helpTitle,
      usage: '/start',
      example: '/start',
      roles: ['holder', 'agent', 'admin'],
      needs: 'none',
      hidden: true,
      async handler(ctx) {
        const { t } = ctx;
        // A deep link from a group (`/start link`) continues with that command's explanation.
        const param = ctx.args[0];
        const record = await ctx.stores.credentials.get(ctx.identityKey);
        const active = activeAccount(record);
        const name = ctx.identity.displayName ?? 'there';
        const replies: Reply[] = [
          { text: `${t.welcome(name)}\n${active ? t.welcomeLinked(active.label) : t.welcomeNotLinked}` },
        ];
        const target = param ? table().find((c) => c.name === param) : undefined;
        if (target)
          replies.push({ text: `/${target.name}: ${target.summary(t)}\n${t.helpUsage}: ${target.usage}` });
        return replies;
      },
    }),
    defineCommand({
      name: 'help',
      aliases: ['commands'],
      args: z.array(z.string()).max(1, 'give one command name, e.g. /help call'),
      summary: () => 'Show the commands, or details of one',
      usage: '/help [command]',
      example: '/help call',
      roles: ['holder', 'agent', 'admin'],
      needs: 'none',
      async handler(ctx) {
        const { t } = ctx;
        const wanted = ctx.args[0]?.replace(/^\//, '').toLowerCase();
        const all = table();
        if (wanted) {
          const c = all.find((s) => s.name === wanted || (s.aliases ?? []).includes(wanted));
          if (!c) return { text: t.helpUnknown(wanted.slice(0, 40)), tone: 'error' };
          const lines = [c.summary(t), `${t.helpUsage}: ${c.usage}`, `${t.helpExample}: ${c.example}`];
          if (c.aliases?.length) lines.push(`Aliases: ${c.aliases.map((a) => `/${a}`).join(', ')}`);
          if (c.privateOnly) lines.push(t.helpPrivateOnly);
          if (c.confirm) lines.push(t.helpConfirm);
          lines.push(`${t.helpWho}: ${c.roles.join(', ')}`);
          return { title: `/${c.name}`, text: lines.join('\n') };
        }
        return {
          title: t.helpTitle,
          table: {
            columns: ['Command', 'What it does'],
            rows: all.filter((c) => !c.hidden).map((c) => [c.usage, c.summary(t)]),
          },
          text: t.helpFooter,
        };
      },
    }),
  ];
}
