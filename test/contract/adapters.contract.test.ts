import { consoleDriver } from './console-driver.js';
import { adapterContract } from './scenarios.js';
import { slackDriver } from './slack-driver.js';
import { telegramDriver } from './telegram-driver.js';

/** One set of scenarios, three channels (issue 11). */
adapterContract('telegram', telegramDriver, { shared: true, deletes: true, thread: false });
adapterContract('slack', slackDriver, { shared: true, deletes: false, thread: true });
adapterContract('console', consoleDriver, { shared: false, deletes: false, thread: false });
