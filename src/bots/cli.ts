const USAGE = `Usage: telephony-bot <command>

  start                       run the bot (default; same as npm start)
  sandbox [--port 8042] [--data file] [--persist file]
                              run the provider emulator on its own
  audit export                print the audit log as JSON lines
  keys rotate                 re-encrypt stored credentials under BOT_ENCRYPTION_KEY
  jobs failed [--limit 50]    list the proactive jobs that kept failing (REDIS_URL)
  jobs retry <id|all>         run failed proactive jobs again
  config reference            print the configuration table
`;

/**
 * The `telephony-bot` command line. Every command imports only what it needs, so `--help` and the
 * small commands do not load grammY, bolt and the sandbox (issue 12).
 */
export async function cli(argv: string[]): Promise<number> {
  const [command = 'start', ...rest] = argv;
  switch (command) {
    case 'start': {
      const { main } = await import('./main.js');
      return main();
    }
    case 'sandbox': {
      const { runSandboxCli } = await import('../sandbox/cli.js');
      await runSandboxCli(rest);
      return new Promise<number>(() => {});
    }
    case 'audit': {
      const { auditExport } = await import('./ops-commands.js');
      if (rest[0] !== 'export') break;
      return auditExport(process.stdout);
    }
    case 'keys': {
      const { keysRotate } = await import('./ops-commands.js');
      if (rest[0] !== 'rotate') break;
      return keysRotate(process.stdout);
    }
    case 'jobs': {
      const { jobsCommand } = await import('./jobs-commands.js');
      return jobsCommand(rest, process.stdout);
    }
    case 'config': {
      const { configReferenceMarkdown } = await import('./config.js');
      process.stdout.write(`${configReferenceMarkdown()}\n`);
      return 0;
    }
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(USAGE);
      return 0;
  }
  process.stderr.write(`Unknown command "${argv.join(' ')}".\n${USAGE}`);
  return 2;
}

cli(process.argv.slice(2)).then(
  (code) => {
    // A failed command exits at once: a socket or timer left behind must not keep it alive (issue 12).
    if (code !== 0) process.exit(code);
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`telephony-bot: ${(err as Error).message}\n`);
    process.exit(1);
  },
);
