import { guardContract } from './guard-promises.js';
import { intakeContract } from './intake.js';
import { mcpDriver } from './mcp-driver.js';
import { promisesContract } from './promises.js';
import { adapterContract } from './scenarios.js';

/**
 * An assistant over MCP as a channel (docs/mcp.md, docs/privacy.md §5): no shared chat, a press is
 * the answer to a confirmation form. The later surfaces (promises.ts) are not run here: they drive
 * the home menu's buttons, alerts the bot sends first (an assistant only answers), and expect a SIP
 * password shown in a private chat, which an assistant never gets (docs/mcp.md §4.3).
 */
adapterContract('mcp', mcpDriver, { shared: false, deletes: false, thread: false });

// Each tool call enters through the core's door (docs/mcp.md §1.1): a re-sent request runs once.
intakeContract('mcp', mcpDriver);

/** The surfaces' promises (docs/architecture.md §8.3.3) over MCP: a press is a form's answer. */
promisesContract('mcp', mcpDriver, { shared: false, deletes: false, forms: false, menus: false });

/** The money guard's promises (docs/money-guard.md): no shared chat, so its rows about approvers are skipped. */
guardContract('mcp', mcpDriver, { shared: false });
