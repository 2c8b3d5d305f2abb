import { z } from 'zod';
import { commandText, defineCommand } from '../command-spec.js';

const groupdataCommand = defineCommand({
  name: 'groupdata',
  helpGroup: 'team',
  args: ({ t }) => z.array(z.enum(['on', 'off'], { message: t.vOnOff })).length(1, t.vOnOff),
  ...commandText('groupdata'),
  roles: ['admin'],
  sharedOnly: true,
  // The group's setting is the group's business.
  output: 'public',
  changesState: true,
  refusal: (t) => t.groupDataAdminOnly,
  needs: 'none',
  async handler(ctx) {
    const on = ctx.args[0] === 'on';
    await ctx.stores.settings.updateChat(ctx.chatKey, { showPersonalData: on });
    await ctx.audit({ command: `groupdata ${ctx.args[0]}`, account: '', outcome: 'ok' });
    return { text: on ? ctx.t.groupDataOn : ctx.t.groupDataOff, tone: 'success' };
  },
});

const auditCommand = defineCommand({
  name: 'audit',
  helpGroup: 'team',
  args: ({ t }) => z.array(z.string().regex(/^\d{1,3}$/, t.vAuditCount)).max(1, t.vAuditCount),
  ...commandText('audit'),
  roles: ['agent', 'admin'],
  output: 'personal',
  // It reads this chat's log from the store; an admin who is no agent needs no credentials.
  needs: 'none',
  async handler(ctx) {
    const { t, fmt } = ctx;
    const n = Math.min(100, Math.max(1, Number(ctx.args[0] ?? 10)));
    const entries = await ctx.stores.audit.recent(n, { chat: ctx.chatKey });
    if (!entries.length) return { text: t.auditNone };
    return {
      title: t.auditTitle,
      table: {
        columns: [t.colWhen, t.colWho, t.colCommand, t.colTarget, t.colOutcome],
        rows: entries.map((e) => [
          fmt.dateTime(new Date(e.at)),
          e.actorName ?? e.actor,
          e.command,
          e.target ?? '',
          t.outcomes[e.outcome] ?? e.outcome,
        ]),
        // Who: a name, or the person's key, shown by every renderer as the person (table-layout.ts).
        people: [1],
        caption: t.timesIn(fmt.timeZone),
      },
    };
  },
});

/**
 * `team setup`: a support channel's credentials are set up in a form (a Slack modal, its `form`
 * field), so a channel with forms opens it before the core; reached here, the channel has none.
 */
const teamCommand = defineCommand({
  name: 'team',
  args: ({ t }) => z.array(z.enum(['setup'], { message: t.vTeamSetup })).length(1, t.vTeamSetup),
  ...commandText('team'),
  roles: ['admin'],
  sharedOnly: true,
  output: 'public',
  needs: 'none',
  hidden: true,
  refusal: (t) => t.teamSetupAdminOnly,
  form: { kind: 'support-setup', sub: 'setup', refuseMore: true },
  handler: async (ctx) => ({ text: ctx.t.teamSetupNoForm }),
});

/** Group settings, the audit log and support-channel set-up. */
export function groupCommands() {
  return [groupdataCommand, auditCommand, teamCommand];
}
