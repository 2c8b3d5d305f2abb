import { describe, expect, it } from 'vitest';
import { type CallTimes, matchRecord } from '../../src/core/proactive/call-match.js';
import type { CdrRecord } from '../../src/telephony/wire.js';

const T = Date.parse('2026-11-20T10:00:00Z');

/** A record as the client decodes it (spec 2.7): whole seconds, our number's digits. */
function record(startS: number, seconds: number, minor = seconds * 15): CdrRecord {
  return {
    start: new Date(T + startS * 1000),
    end: new Date(T + (startS + seconds) * 1000),
    durationSeconds: seconds,
    customerName: 'x',
    number: '491761234567',
    destination: 'Germany Mobile',
    amount: { minor, scale: 4, currency: 'EUR' },
    amountWithTax: { minor, scale: 4, currency: 'EUR' },
    type: 'CALLBACK',
  } as CdrRecord;
}

const call = (placedS: number, hangupS?: number): CallTimes => ({
  placedAt: T + placedS * 1000,
  answeredAt: T + placedS * 1000 + 300,
  ...(hangupS === undefined
    ? {}
    : { hangup: { sentAt: T + hangupS * 1000, doneAt: T + hangupS * 1000 + 200 } }),
});

describe('call records matched to calls one to one (call-match.ts)', () => {
  it('a redial within two minutes: each call its own record, by its own placement time', () => {
    const [r1, r2] = [record(0, 12), record(60, 3)];
    expect(matchRecord({ free: [r1, r2], report: call(0, 12), others: [call(60, 63)], skewMs: 0 })).toEqual({
      kind: 'record',
      record: r1,
    });
    expect(matchRecord({ free: [r1, r2], report: call(60, 63), others: [call(0, 12)], skewMs: 0 })).toEqual({
      kind: 'record',
      record: r2,
    });
  });

  it('the redial still running does not take the first call’s record', () => {
    expect(matchRecord({ free: [record(0, 12)], report: call(60), others: [], skewMs: 0 }).kind).toBe(
      'unsure',
    );
    expect(matchRecord({ free: [], report: call(60), others: [], skewMs: 0 }).kind).toBe('none');
  });

  it('twins placed in one second: the hung-up one is told by its end; the other waits for its own', () => {
    const hungUp = record(0, 40);
    expect(matchRecord({ free: [hungUp], report: call(0), others: [call(0, 40)], skewMs: 0 }).kind).toBe(
      'none',
    );
    expect(matchRecord({ free: [hungUp], report: call(0, 40), others: [call(0)], skewMs: 0 })).toEqual({
      kind: 'record',
      record: hungUp,
    });
  });

  it('twins neither hung up: wait until both records are in; identical ones are either’s, different ones cannot be told', () => {
    const [a, b] = [record(0, 3600), record(0, 3600)];
    expect(matchRecord({ free: [a], report: call(0), others: [call(0)], skewMs: 0 })).toMatchObject({
      kind: 'ambiguous',
      settled: false,
    });
    expect(matchRecord({ free: [a, b], report: call(0), others: [call(0)], skewMs: 0 }).kind).toBe('record');
    const c = record(0, 95);
    expect(matchRecord({ free: [a, c], report: call(0), others: [call(0)], skewMs: 0 })).toEqual({
      kind: 'ambiguous',
      count: 2,
      settled: true,
    });
  });

  it('the provider’s clock: a learned offset moves the records into our time', () => {
    const late = record(40, 10);
    expect(matchRecord({ free: [late], report: call(0), others: [], skewMs: 0 }).kind).toBe('unsure');
    expect(matchRecord({ free: [late], report: call(0), others: [], skewMs: 40_000 }).kind).toBe('record');
  });
});
