import { HELP, USAGE } from './cli-usage.js';
import { readEnvFile } from './env-file.js';
import { packageVersion } from './version.js';

/** `--help`, `-h` or `help` anywhere after the command. */
const wantsHelp = (args: string[]) => args.some((a) => a === '--help' || a === '-h' || a === 'help');

/**
 * The `telephony-bot` command line. Every command imports only what it needs, so `--help` and the
 * small commands do not load grammY, bolt and the sandbox (docs/operations.md §1.4).
 */
export async function cli(argv: string[]): Promise<number> {
  const [command = 'start', ...rest] = argv;
  const text = textAnswer(command, rest);
  if (text !== undefined) {
    process.stdout.write(text);
    return 0;
  }
  const code = await runCommand(command, rest);
  if (code !== undefined) return code;
  process.stderr.write(`Unknown command "${argv.join(' ')}".\n${USAGE}`);
  return 2;
}

/** `--version`, `--help` and each command's `--help`: answered from text alone, nothing loaded. */
function textAnswer(command: string, rest: string[]): string | undefined {
  if (command === '--version' || command === '-v' || command === 'version')
    return `telephony-bot ${packageVersion()}\n`;
  if (command === '--help' || command === '-h' || command === 'help') return USAGE;
  const help = HELP[command];
  return help !== undefined && wantsHelp(rest) ? help : undefined;
}

/** Runs one command; undefined when `command rest` is none of them. */
async function runCommand(command: string, rest: string[]): Promise<number | undefined> {
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
    case 'demo': {
      if (rest[0] !== 'reset' || rest.length > 1) break;
      readEnvFile();
      return (await import('./demo-reset.js')).demoReset(process.stdout);
    }
    case 'config': {
      if (rest[0] !== 'reference' && rest.length > 0) break;
      const { configReferenceMarkdown } = await import('./config.js');
      process.stdout.write(`${configReferenceMarkdown()}\n`);
      return 0;
    }
  }
  return undefined;
}

cli(process.argv.slice(2)).then(
  (code) => {
    // A failed command exits at once: a socket or timer left behind must not keep it alive (docs/operations.md §1.1).
    if (code !== 0) process.exit(code);
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`telephony-bot: ${(err as Error).message}\n`);
    // A configuration error (a setting, a `.env` line) exits 2, for `start` and the small commands.
    const name = (err as Error).name;
    process.exit(name === 'ConfigError' || name === 'EnvFileError' ? 2 : 1);
  },
);
