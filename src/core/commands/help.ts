import { z } from 'zod';
import { activeAccount } from '../accounts/credentials-access.js';
import {
  type CommandSpec,
  commandText,
  defineCommand,
  HELP_GROUPS,
  type HelpGroup,
} from '../command-spec.js';
import { homeReply } from '../menu/home.js';
import type { Messages } from '../messages.js';
import { noArgs } from '../values/args.js';

function startCommand() {
  return defineCommand({
    name: 'start',
    // One optional deep-link parameter (`/start link`); a default zod message would name no fix.
    args: ({ t }) => z.array(z.string()).max(1, t.vStartArgs),
    ...commandText('start'),
    roles: ['holder', 'agent', 'admin'],
    // Says which account the asker linked.
    output: 'personal',
    needs: 'none',
    hidden: true,
    resumesDeepLink: true,
    async handler(ctx) {
      // `/start <command>` from a deep link is resumed by the core before it gets here; any
      // other parameter (`private`) lands on the home menu.
      const active = activeAccount(await ctx.stores.credentials.get(ctx.identityKey));
      return homeReply(ctx.t, active?.label, ctx.t.welcome(ctx.identity.displayName ?? ctx.t.welcomeSomeone));
    },
  });
}

function menuCommand() {
  return defineCommand({
    name: 'menu',
    aliases: ['home'],
    args: ({ t }) => noArgs(t, 'menu'),
    ...commandText('menu'),
    roles: ['holder', 'agent', 'admin'],
    // Says which account the asker linked.
    output: 'personal',
    needs: 'none',
    async handler(ctx) {
      const active = activeAccount(await ctx.stores.credentials.get(ctx.identityKey));
      return homeReply(ctx.t, active?.label);
    },
  });
}

function helpCommand(table: () => CommandSpec[]) {
  return defineCommand({
    name: 'help',
    aliases: ['commands'],
    args: ({ t }) => z.array(z.string()).max(1, t.vHelpOne),
    ...commandText('help'),
    roles: ['holder', 'agent', 'admin'],
    // Lists what this asker may run here.
    output: 'personal',
    needs: 'none',
    async handler(ctx) {
      const { t } = ctx;
      const wanted = ctx.args[0]?.replace(/^\//, '').toLowerCase();
      const all = table();
      if (wanted) {
        const c = all.find((s) => s.name === wanted || (s.aliases ?? []).includes(wanted));
        if (!c) return { text: t.helpUnknown(wanted.slice(0, 40)), tone: 'error' };
        const lines = [c.summary(t), `${t.helpUsage}: ${c.usage(t)}`, `${t.helpExample}: ${c.example(t)}`];
        if (c.aliases?.length) lines.push(`${t.helpAliases}: ${c.aliases.map((a) => `/${a}`).join(', ')}`);
        if (c.privateOnly) lines.push(t.helpPrivateOnly);
        if (c.confirmSubcommands)
          lines.push(t.helpConfirmSome(c.confirmSubcommands.map((s) => `/${c.name} ${s}`).join(', ')));
        else if (c.confirm) lines.push(t.helpConfirm);
        lines.push(`${t.helpWho}: ${c.roles.map((r) => t.roles[r]).join(', ')}`);
        return { title: `/${c.name}`, text: lines.join('\n') };
      }
      // Grouped short lines, not a wide table: readable on a phone (docs/interface.md §4.2).
      // Only what this asker may run in this chat (docs/privacy.md §4).
      const visible = (await ctx.commandsHere()).filter((c) => !c.hidden);
      // Each command names its group in its definition (`helpGroup`); help names no command.
      const line = (c: CommandSpec) => `${c.usage(t)} – ${c.summary(t)}`;
      const groups = HELP_GROUPS.map((g) => ({
        title: GROUP_TITLES[g](t),
        lines: visible.filter((c) => c.helpGroup === g).map(line),
      }));
      groups.push({ title: t.helpGroupOther, lines: visible.filter((c) => !c.helpGroup).map(line) });
      return {
        title: t.helpTitle,
        sections: groups.filter((g) => g.lines.length > 0),
        text: t.helpFooter,
      };
    },
  });
}

/** `/start` and `/help [command]`, generated from the command table itself. */
export function helpCommands(table: () => CommandSpec[]) {
  return [startCommand(), menuCommand(), helpCommand(table)];
}

/** The title of each of help's groups (their order is `HELP_GROUPS`, command-spec.ts). */
const GROUP_TITLES: Record<HelpGroup, (t: Messages) => string> = {
  account: (t) => t.helpGroupAccount,
  calls: (t) => t.helpGroupCalls,
  cards: (t) => t.helpGroupCards,
  linking: (t) => t.helpGroupLinking,
  team: (t) => t.helpGroupTeam,
};
