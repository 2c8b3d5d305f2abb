import { guardContract } from './guard-promises.js';
import { intakeContract } from './intake.js';
import { mcpDriver } from './mcp-driver.js';
import { promisesContract } from './promises.js';
import { adapterContract } from './scenarios.js';

/**
 * The same rows as mcp.contract.test.ts, over Streamable HTTP (docs/mcp.md §8): the official client
 * with a bearer token issued through the store, a session per connection, a press the answer to a
 * confirmation form sent back in a later POST. Skipped only what MCP lacks as a channel.
 */
const overHttp = () => mcpDriver('http');

adapterContract('mcp-http', overHttp, { shared: false, deletes: false, thread: false });

// A re-sent request is the same JSON-RPC id POSTed again in its session: claimed in the shared store.
intakeContract('mcp-http', overHttp);

promisesContract('mcp-http', overHttp, { shared: false, deletes: false, forms: false, menus: false });

/** The money guard's promises (docs/money-guard.md): no shared chat, so its rows about approvers are skipped. */
guardContract('mcp-http', overHttp, { shared: false });
