import { describe, expect, it } from 'vitest';
import { tableGrid, tableLines } from '../../src/core/values/table-layout.js';

describe('tableLines', () => {
  it('aligns columns, right-aligns amounts, and rules only the columns that have a heading', () => {
    const lines = tableLines({
      columns: ['Label', 'Amount', ''],
      rows: [
        ['demo', '18.40', 'active'],
        ['team-account', '5.00', ''],
      ],
    });
    expect(lines).toEqual([
      'Label         Amount',
      '------------  ------',
      'demo           18.40  active',
      'team-account    5.00',
    ]);
  });
});

describe("the audit's Who: a person, never the store's key (docs/accounts.md §1.1)", () => {
  const audit = {
    columns: ['Who', 'Command'],
    people: [0],
    rows: [
      ['slack:T1:U2', 'topup'],
      ['telegram::1001', 'balance'],
      ['Alice', 'rate'],
    ],
  };

  it('every text renderer (Telegram, console, Slack code block, MCP text) shows the person, not the key', () => {
    const text = tableLines(audit).join('\n');
    expect(text).not.toMatch(/slack:T1|telegram::/);
    expect(text).toContain('@U2');
    expect(text).toContain('Alice');
    expect(tableGrid(audit).rows.map((r) => r[0])).toEqual(['@U2', '@1001', 'Alice']);
  });

  it('a platform that draws a person from the key (a Slack table block) is handed the key', () => {
    expect(tableGrid(audit, { people: 'keys' }).rows[0]?.[0]).toBe('slack:T1:U2');
  });
});
