import { buttonPressPayload, viewSubmissionPayload } from './fake-slack.js';

/**
 * Signed interactivity payloads Slack never sends in this shape, for the receiver to refuse with
 * 400 at once (docs/interface.md §4.2): a `view_submission` without its `view`, an action without
 * actions, a type no listener knows. Each is signed with the app's secret, as a forged or broken
 * client would send it once it has one; bolt alone answers them 500, or 404 after its 2.5 s.
 */
export function malformedSignedPayloads(): { name: string; payload: object }[] {
  const submission = viewSubmissionPayload({ callbackId: 'tel_link', privateMetadata: '{}', values: {} });
  const { view: _view, ...withoutView } = submission as { view: Record<string, unknown> };
  const view = (submission as { view: Record<string, unknown> }).view;
  const press = buttonPressPayload({ actionId: 'x', responseUrl: 'https://hooks.slack.com/actions/1' });
  const { user: _user, ...pressWithoutUser } = press as { user: unknown };
  return [
    { name: 'a view_submission without its view', payload: withoutView },
    { name: 'a view_submission whose view is a string', payload: { ...submission, view: 'V1' } },
    {
      name: 'a view_submission whose view has no callback_id',
      payload: { ...submission, view: { ...view, callback_id: undefined } },
    },
    {
      name: 'a view_submission whose view has no state',
      payload: { ...submission, view: { ...view, state: null } },
    },
    { name: 'a view_closed without its view', payload: { ...withoutView, type: 'view_closed' } },
    { name: 'block_actions without actions', payload: { ...press, actions: undefined } },
    { name: 'block_actions with an empty list of actions', payload: { ...press, actions: [] } },
    {
      name: 'block_actions whose action has no action_id',
      payload: { ...press, actions: [{ type: 'button' }] },
    },
    { name: 'block_actions without a user', payload: pressWithoutUser },
    { name: 'a type no app receives', payload: { type: 'something_else', team: { id: 'T1' } } },
    { name: 'no type at all', payload: { team: { id: 'T1' }, user: { id: 'U1' } } },
    {
      name: 'a shortcut without a callback_id',
      payload: { type: 'shortcut', user: { id: 'U1' }, trigger_id: 't' },
    },
  ];
}
