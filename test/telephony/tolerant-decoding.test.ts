import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readJson } from '../../src/telephony/json-text.js';
import { type FixtureServer, type Handler, startFixtureServer } from '../helpers/fixture-server.js';
import { clientFor } from '../helpers/test-client.js';

/**
 * provider-notes 1.5: the provider's documentation prints every `mycard-v2` answer with a stray tab and an
 * extra closing brace after the envelope (`…"active": 1\n\t}\n    }\n}`). A provider answering
 * exactly like the examples is read, with one warning per operation; anything else stays an error,
 * and for a never-retry operation an unreadable answer is an unknown outcome.
 */

/** The `show` / `insert` example as the documentation prints it, extra brace included. */
function documentedCardAnswer(cli: string, amount: string): string {
  return `{
    "error": false,
    "codes": [
        {
            "code": 200,
            "description": "OK"
        }
    ],
    "body": {
\t"Kunde": "${cli}",
\t"CLI": "${cli}",
\t"Amount": "${amount} EUR",
\t"AmountAll": "${amount} EUR",
\t"fldSerial": "880013",
\t"fldPIN": "55509876",
\t"active": 1
\t}
    }
}`;
}

const answerText =
  (text: string, status = 200): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(text);
  };

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

function clientWithWarnings() {
  const warnings: Record<string, unknown>[] = [];
  const client = clientFor(server, { logger: { debug() {}, warn: (o) => warnings.push(o) } });
  return { client, warnings };
}

describe('a provider answering exactly like the documented card examples', () => {
  it('the documented text is not valid JSON (the test would prove nothing otherwise)', () => {
    expect(() => JSON.parse(documentedCardAnswer('4917099887767', '5,00'))).toThrow(SyntaxError);
  });

  it('show is read, with one warning naming the operation', async () => {
    server.reset(answerText(documentedCardAnswer('4917099887767', '5,00')));
    const { client, warnings } = clientWithWarnings();
    await expect(client.show({ cli: '+49 170 99887767' })).resolves.toMatchObject({
      cli: '4917099887767',
      amount: { minor: 500, scale: 2, currency: 'EUR' },
      state: 'active',
    });
    await client.close();
    expect(warnings).toEqual([{ operation: 'mycard-v2.show', quirk: 'stray-closers' }]);
  });

  it('insert (never retried) is read too, sent once', async () => {
    server.reset(answerText(documentedCardAnswer('4917099887767', '5,00')));
    const { client, warnings } = clientWithWarnings();
    await expect(client.insert({ cli: '+49 170 99887767', amount: '5.00' })).resolves.toMatchObject({
      serial: '880013',
    });
    await client.close();
    expect(server.count).toBe(1);
    expect(warnings).toHaveLength(1);
  });

  it('stray brackets and whitespace of any mix are tolerated as well', async () => {
    const text = `${documentedCardAnswer('4917099887767', '1,00')} ]\n}\t] \r\n`;
    server.reset(answerText(text));
    const { client } = clientWithWarnings();
    await expect(client.blockcard({ cli: '+49 170 99887767' })).resolves.toMatchObject({ state: 'active' });
    await client.close();
  });
});

describe('anything else stays an error', () => {
  const trailingText = `${documentedCardAnswer('4917099887767', '5,00')} trailing`;

  it('a complete value followed by other text is a ResponseShapeError on a read, not retried', async () => {
    server.reset(answerText(trailingText));
    const { client, warnings } = clientWithWarnings();
    await expect(client.show({ cli: '+49 170 99887767' })).rejects.toMatchObject({
      name: 'ResponseShapeError',
      outcomeUnknown: false,
    });
    await client.close();
    expect(server.count).toBe(1);
    expect(warnings).toEqual([]);
  });

  it('for a never-retry operation the same answer is an unknown outcome, sent once', async () => {
    server.reset(answerText(trailingText));
    const { client } = clientWithWarnings();
    await expect(client.blockcard({ cli: '+49 170 99887767' })).rejects.toMatchObject({
      name: 'ResponseShapeError',
      code: 'TEL_RESPONSE_SHAPE',
      outcomeUnknown: true,
    });
    await client.close();
    expect(server.count).toBe(1);
  });

  it('a success envelope whose body does not fit is an unknown outcome for a never-retry operation', async () => {
    server.reset(answerText(JSON.stringify({ error: false, codes: [], body: { CLI: 1 } })));
    const { client } = clientWithWarnings();
    await expect(client.activateMyCard({ cli: '+49 170 99887767', pin: '12345678' })).rejects.toMatchObject({
      code: 'TEL_RESPONSE_SHAPE',
      outcomeUnknown: true,
    });
    await client.close();
  });

  it('a cut-off answer is still no answer (D3): retried for a read, unknown for a write', async () => {
    server.reset(answerText('{"error": false, "body": {"CLI": "49'));
    const { client } = clientWithWarnings();
    await expect(client.show({ cli: '+49 170 99887767' })).rejects.toMatchObject({ code: 'TEL_TRANSPORT' });
    expect(server.count).toBe(3);
    server.reset(answerText('{"error": false, "body": {"CLI": "49'));
    await expect(client.unblockcard({ cli: '+49 170 99887767' })).rejects.toMatchObject({
      code: 'TEL_OUTCOME_UNKNOWN',
    });
    expect(server.count).toBe(1);
    await client.close();
  });
});

describe('readJson (property)', () => {
  const container = fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.array(fc.jsonValue()));
  const strayTail = fc.array(fc.constantFrom(' ', '\t', '\n', '\r', '}', ']')).map((c) => c.join(''));

  it('valid JSON is read as JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const r = readJson(JSON.stringify(v));
        expect(r).toEqual({ kind: 'json', value: JSON.parse(JSON.stringify(v)) });
      }),
    );
  });

  it('an object or array followed only by whitespace and stray closers keeps its value', () => {
    fc.assert(
      fc.property(container, strayTail, (v, tail) => {
        const text = JSON.stringify(v, null, 2) + tail;
        const r = readJson(text);
        expect(r.kind === 'json' || r.kind === 'stray-closers').toBe(true);
        expect((r as { value: unknown }).value).toEqual(JSON.parse(JSON.stringify(v)));
      }),
    );
  });

  it('a value followed by anything else is never accepted', () => {
    const other = fc.string({ minLength: 1 }).filter((s) => /[^\s}\]]/.test(s));
    fc.assert(
      fc.property(container, other, (v, tail) => {
        expect(readJson(JSON.stringify(v) + tail)).toEqual({ kind: 'trailing-data' });
      }),
    );
  });
});
