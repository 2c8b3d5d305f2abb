import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHANNEL_ID, teamsPerson } from '../../helpers/fake-teams-activities.js';
import { startTeamsBot, type TeamsBot } from '../../helpers/fake-teams-bot.js';
import { textOf } from '../../helpers/fake-teams-cards.js';
import { FILE_CONSENT, FILE_INFO, hasAttachment } from '../../helpers/fake-teams-connector.js';
import { seedWithCalls } from '../../helpers/seed-with-calls.js';

/**
 * Files in Teams (docs/teams.md §3.5): a bot sends a file only in a personal chat, through the file
 * consent flow (Microsoft's page on bot files): a FileConsentCard, the user's accept (the invoke
 * `fileConsent/invoke` with the `uploadInfo`), the bytes PUT to its upload URL, then a FileInfoCard.
 * Asked in a channel, the file goes to the personal chat and the channel is told so.
 */
const alice = teamsPerson('alice');
const PERSONAL = `a:${alice.id}`;

describe('teams: files', () => {
  let bot: TeamsBot;
  beforeEach(async () => {
    bot = await startTeamsBot({ stack: { sandbox: { data: seedWithCalls(12) } } });
    bot.teams.connector.installedFor.add(alice.id);
    await bot.stack.linkDemo(bot.identity(alice));
  });
  afterEach(async () => {
    await bot.close();
  });
  const consentCards = () =>
    [...bot.teams.connector.messages.values()].filter((m) => hasAttachment(m.activity, FILE_CONSENT));
  const consentOf = (m: { activity: Record<string, unknown> }) =>
    (m.activity.attachments as { name: string; content: Record<string, unknown> }[])[0]!;

  it('a CSV export in the personal chat: consent card, accept, the bytes uploaded, a file card', async () => {
    await bot.say(alice, 'personal', 'cdrs 7d today csv');
    const [card] = consentCards();
    expect(card?.conversation).toBe(PERSONAL);
    const consent = consentOf(card!);
    expect(consent.name).toMatch(/\.csv$/);
    const info = bot.teams.uploadInfo(consent.name);
    const accepted = await bot.consent(alice, card!.id, {
      action: 'accept',
      context: consent.content.acceptContext,
      uploadInfo: info,
    });
    expect(accepted.status).toBe(200);
    const uploaded = bot.teams.uploads.get(new URL(info.uploadUrl).pathname);
    expect(uploaded?.bytes.length).toBe(consent.content.sizeInBytes);
    expect(uploaded?.bytes.toString('utf8').split('\n')[0]).toMatch(/,/);
    const fileCard = [...bot.teams.connector.messages.values()].find((m) =>
      hasAttachment(m.activity, FILE_INFO),
    );
    expect(fileCard?.conversation).toBe(PERSONAL);
    expect(fileCard?.activity.attachments).toEqual([
      {
        contentType: FILE_INFO,
        contentUrl: info.contentUrl,
        name: info.name,
        content: { uniqueId: info.uniqueId, fileType: 'csv' },
      },
    ]);
    // The consent card says what became of it, so it is not accepted twice.
    expect(hasAttachment(bot.teams.connector.messages.get(card!.id)!.activity, FILE_CONSENT)).toBe(false);
  });

  it('declined: nothing is uploaded, and the card says the file was not sent', async () => {
    await bot.say(alice, 'personal', 'cdrs 7d today csv');
    const [card] = consentCards();
    const consent = consentOf(card!);
    const declined = await bot.consent(alice, card!.id, {
      action: 'decline',
      context: consent.content.declineContext,
    });
    expect(declined.status).toBe(200);
    expect(bot.teams.uploads.size).toBe(0);
    expect(textOf(bot.teams.connector.messages.get(card!.id)!.activity)).toMatch(/not sent/i);
  });

  it('asked in a channel, the consent card goes to the personal chat, and the asker is told', async () => {
    await bot.say(alice, 'channel', 'cdrs 7d today csv');
    expect(consentCards().map((m) => m.conversation)).toEqual([PERSONAL]);
    const inChannel = bot.teams.connector
      .visibleTo(CHANNEL_ID, alice.id)
      .map((m) => textOf(m.activity))
      .join('\n');
    expect(inChannel).toMatch(/personal chat/);
  });

  it('an accept for a file this bot no longer holds says to ask again, uploads nothing', async () => {
    const info = bot.teams.uploadInfo('cdrs.csv');
    const answered = await bot.consent(alice, '1:999', {
      action: 'accept',
      context: { file: 'AAAAAAAAAAAAAAAAAAAAAA' },
      uploadInfo: info,
    });
    expect(answered.status).toBe(200);
    expect(bot.teams.uploads.size).toBe(0);
    const said = bot.teams.connector.calls.map((c) => textOf(c.body ?? {})).join('\n');
    expect(said).toMatch(/cdrs 7d today csv/);
  });
  it('an accept redelivered after the upload: the card still says sent, never "ask again"', async () => {
    await bot.say(alice, 'personal', 'cdrs 7d today csv');
    const [card] = consentCards();
    const consent = consentOf(card!);
    const value = {
      action: 'accept' as const,
      context: consent.content.acceptContext,
      uploadInfo: bot.teams.uploadInfo(consent.name),
    };
    await bot.consent(alice, card!.id, value);
    const before = bot.teams.connector.calls.length;
    const again = await bot.consent(alice, card!.id, value);
    expect(again.status).toBe(200);
    const said = bot.teams.connector.calls
      .slice(before)
      .map((c) => textOf(c.body ?? {}))
      .join('\n');
    expect(said).not.toMatch(/cdrs 7d today csv/);
    expect(textOf(bot.teams.connector.messages.get(card!.id)!.activity)).toMatch(/OneDrive/);
    expect(bot.teams.uploads.size).toBe(1);
  });
});
