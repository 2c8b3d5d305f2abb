/**
 * Slack mrkdwn escaping. Slack asks for exactly three characters to be escaped in any text it
 * parses as markup: `&`, `<` and `>` (api.slack.com "Formatting text for app surfaces", "Escaping
 * text"). Everything user-supplied passes through `escapeMrkdwn` before it reaches a block, so a
 * name like `<!channel>` can never ping a channel.
 */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Shortens `text` to at most `max` characters, marking the cut with an ellipsis. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, Math.max(0, max - 1))}…`;
}

/**
 * Turns the text Slack sends with a slash command back into what the user typed: Slack escapes
 * `&`, `<`, `>` and may wrap numbers, links and mentions as `<tel:+4930…|+49 30 …>`. The core parses
 * plain words, so the label (what the user saw) wins, and the entities are decoded last.
 */
export function plainCommandText(text: string): string {
  return text
    .replace(/<([^<>|]*)\|([^<>]*)>/g, '$2')
    .replace(/<(?:tel:|mailto:)?([^<>]*)>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();
}
