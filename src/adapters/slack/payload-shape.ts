/**
 * The shape of a signed request before bolt sees it (docs/interface.md §4.2): bolt reads fields of
 * a body without checking them, so a `view_submission` without its `view` fails inside it (500),
 * and a body whose type it cannot tell, or that no listener matches, is answered only by its
 * unhandled-request timeout (2.5 s). Each is refused with 400 at once instead. Socket Mode's bodies
 * pass the same check (socket-receiver.ts): one there is acknowledged and refused, never handed to
 * bolt. Only the fields the bot's listeners read are checked; Slack's own payloads always have them.
 */

type Fields = Record<string, unknown>;

const isRecord = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string';
const hasId = (v: unknown): boolean => isRecord(v) && isText(v.id);

/** What each interactivity type must carry, beyond a user. */
const INTERACTIONS: Record<string, (body: Fields) => boolean> = {
  block_actions: (b) =>
    Array.isArray(b.actions) &&
    b.actions.length > 0 &&
    b.actions.every((a) => isRecord(a) && isText(a.action_id)),
  view_submission: (b) => isView(b.view) && isRecord(b.view.state) && isRecord(b.view.state.values),
  view_closed: (b) => isView(b.view),
  shortcut: (b) => isText(b.callback_id) && isText(b.trigger_id),
  message_action: (b) =>
    isText(b.callback_id) && isText(b.trigger_id) && hasId(b.channel) && isRecord(b.message),
  block_suggestion: (b) => isText(b.action_id),
};

function isView(v: unknown): v is Fields & { state?: unknown } {
  return isRecord(v) && isText(v.id) && isText(v.callback_id) && isText(v.private_metadata ?? '');
}

/** Why a verified body is not a request the app takes, or `undefined` when it is one. */
export function malformedPayload(body: unknown): string | undefined {
  if (!isRecord(body)) return 'a body that is not an object';
  if (body.type === 'url_verification')
    return isText(body.challenge) ? undefined : 'a challenge without text';
  if (body.command !== undefined) return isText(body.command) ? undefined : 'a command that is not text';
  if (body.event !== undefined || body.type === 'event_callback') {
    return isRecord(body.event) && isText(body.event.type) ? undefined : 'an event without a type';
  }
  const type = body.type;
  const check = isText(type) && Object.hasOwn(INTERACTIONS, type) ? INTERACTIONS[type] : undefined;
  if (!check) return `an interaction of no known type (${isText(type) ? type.slice(0, 40) : typeof type})`;
  if (!hasId(body.user)) return `a ${type} without a user`;
  return check(body) ? undefined : `a ${type} without the fields Slack always sends`;
}
