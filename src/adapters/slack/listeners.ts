import type { App } from '@slack/bolt';
import { errorSummary } from '../../core/index.js';
import { registerActions } from './actions.js';
import { registerAgentView } from './agent-view.js';
import { registerAppHome } from './app-home.js';
import { registerCommand } from './commands.js';
import type { SlackHandlerDeps } from './deps.js';
import { registerMessages } from './messages-tab.js';
import { registerShortcuts } from './shortcuts.js';
import { registerViews } from './views.js';
import { registerWorkObjects } from './work-objects.js';

/** Every listener of the channel, and bolt's error handler, on one app. */
export function registerListeners(app: App, deps: SlackHandlerDeps): void {
  registerCommand(app, deps);
  registerActions(app, deps);
  registerViews(app, deps);
  registerAppHome(app, deps);
  registerMessages(app, deps);
  registerShortcuts(app, deps);
  registerAgentView(app, deps);
  if (deps.options.workObjects) registerWorkObjects(app, deps, deps.options.workObjects);
  app.error(async (err) => {
    deps.options.logger.error({ err: errorSummary(err) }, 'bolt error');
  });
}
