import { existsSync, readFileSync } from 'node:fs';
import { HELP, USAGE } from './cli-usage.js';
import { readEnvFile } from './env-file.js';

/** `--help`, `-h` or `help` anywhere after the command. */
const wantsHelp = (args: string[]) => args.some((a) => a === '--help' || a === '-h' || a === 'help');

/**
 * The `telephony-bot` command line. Every command imports only what it needs, so `--help` and the
 * small commands do not load grammY, bolt and the sandbox (docs/operations.md §1.4).
 */
export async function cli(argv: string[]): Promise<number> {
  const [command = 'start', ...rest] = argv;
  if (command === '--version' || command === '-v' || command === 'version') {
    process.stdout.write(`telephony-bot ${version()}\n`);
    return 0;
  }
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  const help = HELP[command];
  if (help !== undefined && wantsHelp(rest)) {
    process.stdout.write(help);
    return 0;
  }
  switch (command) {
    case 'start':
    case 'mcp': {
      if (rest.length > 0) break;
      readEnvFile();
      // `mcp`: the same settings as `start`, served to an assistant over stdio (docs/mcp.md §1.1).
      return command === 'mcp' ? (await import('./mcp.js')).mcpMain() : (await import('./main.js')).main();
    }
    case 'sandbox': {
      // Its own parser answers --help (and refuses unknown options) before anything listens.
      const { runSandboxCli } = await import('../sandbox/cli.js');
      const sandbox = await runSandboxCli(rest);
      return sandbox ? new Promise<number>(() => {}) : 0;
    }
    case 'audit': {
      if (rest[0] !== 'export' || rest.length > 1) break;
      readEnvFile();
      const { auditExport } = await import('./ops-commands.js');
      return auditExport(process.stdout);
    }
    case 'keys': {
      if (rest[0] !== 'rotate' || rest.length > 1) break;
      readEnvFile();
      const { keysRotate } = await import('./ops-commands.js');
      return keysRotate(process.stdout);
    }
    case 'jobs':
      readEnvFile();
      return (await import('./jobs-commands.js')).jobsCommand(rest, process.stdout);
    case 'slack': {
      if (rest[0] !== 'installations') break;
      readEnvFile();
      const { slackInstallations } = await import('./ops-commands.js');
      return slackInstallations(rest.slice(1), process.stdout);
    }
    case 'config': {
      if (rest[0] !== 'reference' && rest.length > 0) break;
      const { configReferenceMarkdown } = await import('./config.js');
      process.stdout.write(`${configReferenceMarkdown()}\n`);
      return 0;
    }
  }
  process.stderr.write(`Unknown command "${argv.join(' ')}".\n${USAGE}`);
  return 2;
}

/** The version of package.json: beside dist/ in the image and a checkout, two levels up from src/bots. */
function version(): string {
  for (const rel of ['../package.json', '../../package.json']) {
    const file = new URL(rel, import.meta.url);
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === 'telephony-bot' && pkg.version) return pkg.version;
  }
  return 'unknown';
}

cli(process.argv.slice(2)).then(
  (code) => {
    // A failed command exits at once: a socket or timer left behind must not keep it alive (docs/operations.md §1.1).
    if (code !== 0) process.exit(code);
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`telephony-bot: ${(err as Error).message}\n`);
    // A configuration error of a small command (`keys rotate`) exits 2, like one of `start`.
    process.exit((err as Error).name === 'ConfigError' ? 2 : 1);
  },
);
