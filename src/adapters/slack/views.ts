import type { App } from '@slack/bolt';
import type { SlackHandlerDeps } from './deps.js';
import { onSubmit } from './form-submit.js';
import {
  LINK_BLOCKS,
  LINK_CALLBACK,
  linkModal,
  PIN_BLOCK,
  PIN_CALLBACK,
  pinModal,
  readLinkSubmission,
  readSetupSubmission,
  SETUP_BLOCKS,
  SETUP_CALLBACK,
  setupModal,
  value,
} from './modals.js';
import { SLACK_CAN } from './responder.js';

/** The forms' submissions: linking, a support channel's set-up, and a PIN (form-submit.ts: their envelope). */
export function registerViews(app: App, deps: SlackHandlerDeps): void {
  const { core } = deps.options;
  onSubmit(app, deps, LINK_CALLBACK, {
    run: (view, meta, who) => {
      const { username, password } = readLinkSubmission(view);
      return core.link({
        ...who,
        username,
        password,
        kind: meta.credential ?? 'account',
        // The password came through a modal only this user sees, not through the channel.
        inputIsPrivate: true,
      });
    },
    errorBlock: LINK_BLOCKS.password,
    title: (t) => t.linkTitle,
    again: (meta, notice, view) => linkModal(meta, notice, readLinkSubmission(view).username),
  });

  onSubmit(app, deps, SETUP_CALLBACK, {
    check: (view) => readSetupSubmission(view).errors,
    run: (view, _meta, who) => core.setupSupportChannel({ ...who, ...readSetupSubmission(view).value }),
    errorBlock: SETUP_BLOCKS.accountPassword,
    title: (t) => t.setupTitle,
    again: (meta, notice) => setupModal(meta, notice),
    forceLookup: true,
  });

  // The PIN form: the command that asked runs by name with the PIN as its typed argument; a bad
  // PIN, or a refusal, is shown inline in the person's language (the command's own fix).
  onSubmit(app, deps, PIN_CALLBACK, {
    run: (view, meta, who) => {
      // Every PIN form names the command that opened it; metadata naming none is not ours: nothing runs.
      if (!meta.command) return Promise.resolve([]);
      return core.runCommand({
        ...who,
        command: meta.command,
        args: [value(view, PIN_BLOCK)],
        requestId: view.id,
        can: SLACK_CAN,
      });
    },
    errorBlock: PIN_BLOCK,
    title: (t) => t.pinTitle,
    again: (meta, notice) => pinModal(meta, notice),
  });
}
