import { describe, expect, it } from 'vitest';
import { csv, csvCell } from '../../src/core/values/csv.js';

// The OWASP CSV-injection list: every cell a spreadsheet would evaluate starts with one of
// = + - @ tab CR; each gets a leading ' (and RFC 4180 quoting where it holds , " or a line break).
const cases: Array<[string, string, string]> = [
  ['formula', '=1+2', "'=1+2"],
  ['HYPERLINK', '=HYPERLINK("http://x.example","y")', `"'=HYPERLINK(""http://x.example"",""y"")"`],
  ['plus', '+cmd', "'+cmd"],
  ['minus', '-cmd', "'-cmd"],
  ['at', '@SUM(A1)', "'@SUM(A1)"],
  ['tab', '\t=1+2', "'\t=1+2"],
  ['carriage return', '\r=1+2', `"'\r=1+2"`],
  ['DDE after a number', "-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
  ['DDE after plus', "+2+3+cmd|' /C calc'!A0", "'+2+3+cmd|' /C calc'!A0"],
  ['DDE', "=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
  ['negative amount', '-1.20', '-1.20'],
  ['positive amount', '+3', '+3'],
  ['whole number', '42', '42'],
  ['phone number with spaces', '+49 30 1234567', "'+49 30 1234567"],
  ['plain text', 'Berlin', 'Berlin'],
  ['comma', 'a,b', '"a,b"'],
  ['quote', 'say "hi"', '"say ""hi"""'],
  ['empty', '', ''],
];

describe('csvCell (OWASP CSV injection)', () => {
  it.each(cases)('%s: %j → %j', (_name, input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });
});

describe('csv', () => {
  it('joins rows with CRLF and guards every cell, header included', () => {
    expect(csv(['=a', 'b'], [['-2+3', '1']])).toBe("'=a,b\r\n'-2+3,1\r\n");
  });
});
