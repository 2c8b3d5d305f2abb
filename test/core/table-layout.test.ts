import { describe, expect, it } from 'vitest';
import { tableLines } from '../../src/core/values/table-layout.js';

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
