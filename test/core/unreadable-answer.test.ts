import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReply } from '../../src/core/delivery/error-replies.js';
import { en } from '../../src/core/messages.js';
import { type FixtureServer, type Handler, startFixtureServer } from '../helpers/fixture-server.js';
import { clientFor } from '../helpers/test-client.js';

/**
 * docs/reliability.md §3.2: never "Nothing was changed" when a never-retry request may have reached the provider.
 * An answer the client cannot read is an unknown outcome for such an operation (provider-notes §3).
 */

const answerText =
  (text: string): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(text);
  };

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());

describe('what the user is told', () => {
  const ctx = { t: en, ref: 'r1', card: true, cli: '4917099887767' };

  it('an unreadable answer to a never-retry operation is never "Nothing was changed"', async () => {
    server.reset(answerText('{"error": false, "codes": [], "body": {"CLI": 1}}'));
    const client = clientFor(server);
    const err = await client.blockcard({ cli: '+49 170 99887767' }).catch((e: unknown) => e);
    await client.close();
    const { reply } = errorReply(err, ctx);
    expect(reply.text).toBe(en.errOutcomeUnknownCard('4917099887767'));
    expect(reply.text).not.toContain('Nothing was changed');
  });

  it('the same answer to a read keeps the "cannot read" reply', async () => {
    server.reset(answerText('{"error": false, "codes": [], "body": {"CLI": 1}}'));
    const client = clientFor(server);
    const err = await client.show({ cli: '+49 170 99887767' }).catch((e: unknown) => e);
    await client.close();
    expect(errorReply(err, ctx).reply.text).toBe(en.errBadAnswer);
  });
});
