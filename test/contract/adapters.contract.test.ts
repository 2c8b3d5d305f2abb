import { consoleDriver } from './console-driver.js';
import { disabledButtonsContract } from './disabled-buttons.js';
import { guardContract } from './guard-promises.js';
import { intakeContract } from './intake.js';
import { promisesContract } from './promises.js';
import { adapterContract } from './scenarios.js';
import { slackDriver } from './slack-driver.js';
import { surfacesContract } from './surfaces.js';
import { telegramDriver } from './telegram-driver.js';
import { workObjectsContract } from './work-object-promises.js';

/** One set of scenarios, three channels (docs/privacy.md §5). */
adapterContract('telegram', telegramDriver, { shared: true, deletes: true, thread: false });
adapterContract('slack', slackDriver, { shared: true, deletes: false, thread: true });
adapterContract('console', consoleDriver, { shared: false, deletes: false, thread: false });

/** The surfaces added since (docs/architecture.md §8.3.3): the same promises, on every channel. */
promisesContract('telegram', telegramDriver, { shared: true, deletes: true, forms: false });
promisesContract('slack', slackDriver, { shared: true, deletes: false, forms: true });
promisesContract('console', consoleDriver, { shared: false, deletes: false, forms: false });

/** Page turns, DMs, @mentions, shortcuts, forms and digests: every promise, where the surface exists. */
const only = { shared: true, deletes: false, mentions: true, shortcuts: false, forms: false };
surfacesContract('telegram', telegramDriver, { ...only, deletes: true });
surfacesContract('slack', slackDriver, { ...only, shortcuts: true, forms: true });
surfacesContract('console', consoleDriver, { ...only, shared: false, mentions: false });

/** The money guard's promises (docs/money-guard.md), the approvals' where there is a shared chat (§2). */
guardContract('telegram', telegramDriver, { shared: true });
guardContract('slack', slackDriver, { shared: true });
guardContract('console', consoleDriver, { shared: false });
/** The one road in (docs/architecture.md §3.1): claimed once, store outages and busy told, failures worded. */
intakeContract('telegram', telegramDriver);
intakeContract('slack', slackDriver);
intakeContract('console', consoleDriver);
/** A disabled button cannot act, where the channel declares disabled buttons (docs/interface.md §2.6). */
disabledButtonsContract('telegram', telegramDriver);
disabledButtonsContract('slack', slackDriver);
disabledButtonsContract('console', consoleDriver);
/** A record's preview keeps the privacy rules, where the channel has previews (docs/privacy.md §3.4). */
workObjectsContract('telegram', telegramDriver);
workObjectsContract('slack', slackDriver);
workObjectsContract('console', consoleDriver);
