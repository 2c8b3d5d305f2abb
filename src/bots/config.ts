import type { z } from 'zod';
import { suggest } from '../core/values/suggest.js';
import { alertSettings } from './config/alerts.js';
import { consoleSettings } from './config/console.js';
import { jobSettings } from './config/jobs.js';
import { mcpProblems, mcpSettings } from './config/mcp.js';
import { providerSettings } from './config/provider.js';
import { serviceSettings } from './config/service.js';
import { slackEnabled, slackProblems, slackSettings } from './config/slack.js';
import { teamsEnabled, teamsProblems, teamsSettings } from './config/teams.js';
import { telegramProblems, telegramSettings } from './config/telegram.js';

/**
 * Every environment variable the bot reads, in one zod schema, checked at start-up (docs/architecture.md §7).
 * Each `describe()` is the text of docs/configuration.md's table (generated from this schema).
 * The sections live in src/bots/config/, one file per concern; their order here is the table's.
 */
export const configSchema = providerSettings
  .extend(serviceSettings.shape)
  .extend(alertSettings.shape)
  .extend(jobSettings.shape)
  .extend(consoleSettings.shape)
  .extend(telegramSettings.shape)
  .extend(slackSettings.shape)
  .extend(mcpSettings.shape)
  .extend(teamsSettings.shape);

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and checks the environment once. Errors name the variable and the fix. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const relevant = Object.fromEntries(
    Object.keys(configSchema.shape)
      .filter((k) => env[k] !== undefined && env[k] !== '')
      .map((k) => [k, env[k]]),
  );
  const parsed = configSchema.safeParse(relevant, { error: plainWords });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = String(i.path[0] ?? '');
      return `- ${name}: ${withExample(name, i.message)}`;
    });
    throw configError(lines);
  }
  const c = parsed.data;
  const problems = [
    ...telegramProblems(c),
    ...slackProblems(c),
    ...mcpProblems(c, httpPortOf(c)),
    ...teamsProblems(c),
    ...productionProblems(c),
  ];
  if (problems.length) throw configError(problems);
  return c;
}

/**
 * One problem is one line (`… not valid: NAME: what and an example`); several get a line each under
 * the heading, so every one is fixed before the next start.
 */
function configError(problems: string[]): ConfigError {
  if (problems.length === 1)
    return new ConfigError(`The configuration is not valid: ${problems[0]!.replace(/^- /, '')}`);
  return new ConfigError(`The configuration is not valid:\n${problems.join('\n')}`);
}

/**
 * zod's own wording ("Invalid input: expected number, received NaN") for a field that has no
 * message of its own. The section files word their refusals; this is the net under them.
 */
function plainWords(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).filter(Boolean).join(', ')}`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}`;
    case 'invalid_format':
      return issue.format === 'url' ? 'must be a URL' : 'is not in the expected form';
    default:
      return 'is not valid';
  }
}

/**
 * A refusal names a valid value (docs/architecture.md §7: "the error names the fix"): the message's own `e.g.`,
 * else the field's `meta({ example })` or its default.
 */
function withExample(name: string, message: string): string {
  if (/\be\.g\./.test(message)) return message;
  const example = exampleOf(name);
  return example === undefined ? message : `${message.replace(/\.$/, '')}, e.g. ${name}=${example}`;
}

export function exampleOf(name: string): string | undefined {
  const schema = (configSchema.shape as Record<string, z.ZodType>)[name];
  if (!schema) return undefined;
  const meta = schema.meta() as { example?: string } | undefined;
  if (meta?.example !== undefined) return meta.example;
  const r = schema.safeParse(undefined);
  return r.success && r.data !== undefined ? String(r.data) : undefined;
}

/** The image must never serve the demo by accident (docs/operations.md §1.3): production names a provider and a channel. */
function productionProblems(c: Config): string[] {
  if (c.NODE_ENV !== 'production' || c.SANDBOX) return [];
  const problems: string[] = [];
  if (!c.TELEPHONY_BASE_URL)
    problems.push(
      '- TELEPHONY_BASE_URL: NODE_ENV=production needs the provider address, e.g. https://api.example.com (or SANDBOX=1 to run the demo sandbox on purpose)',
    );
  if (!c.TELEGRAM_BOT_TOKEN && !slackEnabled(c) && !teamsEnabled(c) && !c.CONSOLE)
    problems.push(
      '- TELEGRAM_BOT_TOKEN or SLACK_BOT_TOKEN: NODE_ENV=production needs a channel, e.g. TELEGRAM_BOT_TOKEN=123456789:AAEhBOweik9ai2o4a5o6i7aAbCdEfGhIjKl (or SANDBOX=1 for the demo, CONSOLE=1 for the console)',
    );
  return problems;
}

/**
 * The port of the bot's one HTTP server: HEALTH_PORT, else the Telegram webhook's, else the Slack
 * HTTP receiver's, else Teams'; undefined when nothing needs one (polling or Socket Mode without HEALTH_PORT).
 */
export function httpPortOf(c: Config): number | undefined {
  if (c.HEALTH_PORT !== undefined) return c.HEALTH_PORT;
  if (c.TELEGRAM_BOT_TOKEN && c.TELEGRAM_MODE === 'webhook') return c.TELEGRAM_WEBHOOK_PORT;
  if (slackEnabled(c) && !c.SLACK_APP_TOKEN) return c.SLACK_PORT;
  if (teamsEnabled(c)) return c.TEAMS_PORT;
  return undefined;
}

/** One Markdown table row per variable, for docs/configuration.md (a test keeps the two in step). */
export function configReferenceMarkdown(): string {
  const rows = Object.entries(configSchema.shape).map(([name, schema]) => {
    const s = schema as z.ZodType & { description?: string };
    const def = (() => {
      const r = s.safeParse(undefined);
      return r.success && r.data !== undefined ? `\`${String(r.data)}\`` : '';
    })();
    return `| \`${name}\` | ${def} | ${s.description ?? ''} |`;
  });
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}

/**
 * The name families the bot reads. A variable of one of them that the schema does not know is
 * most likely misspelt (`TELEGRAM_BOT_TOKN`), and would otherwise be ignored without a word.
 */
const OUR_PREFIXES = [
  'TELEPHONY_',
  'TELEGRAM_',
  'SLACK_',
  'TEAMS_',
  'SANDBOX_',
  'BOT_',
  'ALERT_',
  'REDIS_',
  'HEALTH_',
  'MCP_',
];

/**
 * One warning line per variable that looks meant for the bot but is not one of its settings: it
 * carries one of our prefixes, or it is one or two letters away from a setting's name. Names the
 * nearest setting when there is one. Values are never shown.
 */
export function unknownVariableWarnings(env: NodeJS.ProcessEnv = process.env): string[] {
  const known = Object.keys(configSchema.shape);
  const warnings: string[] = [];
  for (const name of Object.keys(env).sort()) {
    if (known.includes(name)) continue;
    const ours = OUR_PREFIXES.some((p) => name.startsWith(p));
    const near = suggest(name, known, ours ? 6 : 2);
    if (!ours && !near) continue;
    warnings.push(
      `telephony-bot: ${name} is not a setting and is ignored${near ? `; did you mean ${near}?` : ''} (docs/configuration.md lists them)`,
    );
  }
  return warnings;
}
