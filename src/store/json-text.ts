/**
 * JSON text of a value about to be stored, refusing what JSON cannot hold (a function, `undefined`)
 * instead of storing nothing. Every store serialises through JSON, so they all refuse alike.
 */
export function toJson(value: unknown, what: string): string {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError(`value for ${what} is not JSON-serialisable`);
  return text;
}
