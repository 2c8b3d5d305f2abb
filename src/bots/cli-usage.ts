/**
 * The command line's usage texts, apart from the commands themselves: `--help` loads this and
 * nothing else (no store, no SDK), and a command that refuses its arguments prints the same text.
 */
export const USAGE = `Usage: telephony-bot <command> [--help]

  start                       run the bot (default; same as npm start)
  mcp                         serve the bot's commands to an AI assistant over MCP on stdio
  sandbox [--port 8042] [--data file] [--persist file]
                              run the provider emulator on its own
  audit export                print the audit log as JSON lines
  keys rotate                 re-encrypt stored credentials under BOT_ENCRYPTION_KEY
  slack installations list|remove <id>
                              the Slack workspaces the app is installed in (OAuth)
  jobs failed [--limit 50]    list the proactive jobs that kept failing (REDIS_URL)
  jobs retry <id|all>         run failed proactive jobs again
  config reference            print the configuration table
  demo reset                  start the embedded demo afresh (npm run demo:reset)
  --version                   print the version

Settings come from the environment, and from ./.env when present (the environment wins).
`;

/** Each command's own help: `telephony-bot <command> --help` prints it and starts nothing. */
export const HELP: Record<string, string> = {
  slack: `usage: telephony-bot slack installations list
       telephony-bot slack installations remove <team or enterprise id>

  list    every workspace (T…) and org-wide install (E…) the app is installed in: id, name, bot user, scopes
  remove  deletes that installation's tokens from the store; the workspace's commands are then refused
          until it installs again through /slack/install
`,
  start: `usage: telephony-bot start

Runs the bot: with no tokens, the embedded sandbox and the console; with TELEGRAM_BOT_TOKEN or
SLACK_BOT_TOKEN those channels; with TELEPHONY_BASE_URL the real provider. Every setting is an
environment variable (or a line of ./.env); \`telephony-bot config reference\` lists them.
Exit codes: 0 after a clean shutdown, 1 when the start or the shutdown failed, 2 for a configuration error.
`,
  mcp: `usage: telephony-bot mcp

Serves the command table as MCP tools over stdio, as the console's user, on the same settings as
start (with none, the embedded sandbox and its demo account). Stdout carries only the protocol;
logs and the banner go to stderr. See docs/mcp.md.
`,
  audit: `usage: telephony-bot audit export

Prints the audit log (every state-changing command) as JSON lines on stdout. A reader: it may run
beside the live instance.
`,
  keys: `usage: telephony-bot keys rotate

Re-encrypts every stored credential under BOT_ENCRYPTION_KEY, reading the old records with
BOT_ENCRYPTION_KEY_PREVIOUS. Idempotent and restartable.
`,
  jobs: `usage: telephony-bot jobs failed [--limit 50] | telephony-bot jobs retry <id|all>

With REDIS_URL: lists the proactive jobs (alerts, call reports, digests, the money guard) that kept
failing, newest first, with their safe error summary; \`retry\` runs one (or all) again with fresh
attempts. What was already sent is not sent again (each side effect's claim).
`,
  config: `usage: telephony-bot config reference

Prints the table of every environment variable, its default and meaning (docs/configuration.md).
`,
  demo: `usage: telephony-bot demo reset

Removes the embedded sandbox's saved state (SANDBOX_PERSIST, default <DATA_DIR>/sandbox-state.json),
so the next start shows the demo as shipped: the balance €18.40, every top-up PIN unused. Stop a
running bot first: it writes its state again on the next change. The links and settings in the
store stay. Same as \`npm run demo:reset\`.
`,
};
