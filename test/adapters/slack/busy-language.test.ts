import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogues } from '../../../src/core/index.js';
import { createFakeCore, type FakeCore } from '../../helpers/fake-core.js';
import { type SlackHarness, startHarness } from './harness.js';

/**
 * "Busy, try again" in the reader's language (docs/language.md §1.2): the HTTP ack answers before
 * any lookup, so it speaks the directory's cached locale, else English and German together, and
 * adds no users.info while busy.
 */
let core: FakeCore;
let h: SlackHarness;
const { en, de } = catalogues;

beforeEach(async () => {
  core = createFakeCore('slack');
  h = await startHarness(core, {
    users: [
      { id: 'U1', name: 'alice' },
      { id: 'UDE', name: 'greta', locale: 'de-DE' },
    ],
  });
});
afterEach(async () => {
  await h.close();
});

const busyAck = async (user: string) => {
  const ack = await h.command('balance', { channel: 'C1', user });
  expect(ack.status).toBe(200);
  return JSON.parse(ack.body) as { response_type: string; text: string };
};

describe('a busy provider, over HTTP', () => {
  it('answers a German user the directory has seen in German alone', async () => {
    const first = await h.command('balance', { channel: 'C1', user: 'UDE' });
    await h.slack.waitForCall('response_url', (c) => c.id === first.responseId);
    core.busy = () => true;
    const lookups = h.slack.callsOf('users.info').length;
    const body = await busyAck('UDE');
    expect(body.response_type).toBe('ephemeral');
    expect(body.text).toBe(de.busyTryAgain);
    expect(h.slack.callsOf('users.info')).toHaveLength(lookups);
  });

  it('answers a user not seen yet in English and German, looking nobody up', async () => {
    core.busy = () => true;
    const body = await busyAck('UDE');
    expect(body.text).toContain(en.busyTryAgain);
    expect(body.text).toContain(de.busyTryAgain);
    expect(h.slack.callsOf('users.info')).toHaveLength(0);
  });
});
