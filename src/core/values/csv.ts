/**
 * RFC 4180 CSV for the records exports (`/cdrs csv`, `/callshop csv`), with the OWASP guard against
 * CSV injection: a cell a spreadsheet would run as a formula (leading `=`, `+`, `-`, `@`, tab or
 * carriage return) is prefixed with `'`, so it is shown as text. A cell that is a plain number
 * (`-1.20`, `+49`) stays as it is: it cannot call anything, and a quote would make it text.
 * https://owasp.org/www-community/attacks/CSV_Injection
 */
export function csv(header: string[], rows: string[][]): string {
  return `${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** One cell: guarded against formulas, then quoted when it holds a quote, comma or line break. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
