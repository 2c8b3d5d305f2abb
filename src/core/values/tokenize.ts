/**
 * Splits a command line into tokens, keeping phone numbers typed with spaces together:
 * `/call +49 30 1234567 +49 176 1234567` gives two numbers. A number starts at a token beginning
 * with `+` or `00`; digit groups of up to 8 digits after it join it while it has fewer than 11 digits and stays
 * within E.164's 15. Bare digit tokens never merge, so `/call 4930123 4917612345678` stays two,
 * and neither does an amount with decimals.
 */
export function tokenize(text: string): string[] {
  const raw = text.trim().split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let group: string | undefined;
  const digitsOf = (s: string) => s.replace(/\D/g, '').length;
  for (const tok of raw) {
    // `20.00` after a number is an amount (`/card limit <number> 20.00`), not a digit group; a
    // whole amount (`20`) cannot be told apart and joins a short number, as any digit group does.
    const isAmount = /^\d+\.\d{1,2}$/.test(tok);
    const isGroup = /^[\d().\-/]+$/.test(tok) && !isAmount && digitsOf(tok) > 0 && digitsOf(tok) <= 8;
    if (group !== undefined && isGroup && digitsOf(group) < 11 && digitsOf(group) + digitsOf(tok) <= 15) {
      group = `${group} ${tok}`;
      out[out.length - 1] = group;
      continue;
    }
    group = /^(\+|00)[\d(]/.test(tok) || tok === '+' ? tok : undefined;
    out.push(tok);
  }
  return out;
}
