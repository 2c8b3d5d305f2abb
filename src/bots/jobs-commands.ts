import { HELP } from './cli-usage.js';
import { loadConfig } from './config.js';

/** The one usage text, as `telephony-bot jobs --help` prints it. */
const USAGE = HELP.jobs!;

/**
 * `telephony-bot jobs failed` lists the proactive jobs that kept failing (the BullMQ failed set);
 * `jobs retry <id|all>` runs them again with fresh attempts. Their claims make a retry safe: what
 * was already sent is not sent again. Without REDIS_URL the jobs run in process and none are kept.
 */
export async function jobsCommand(args: string[], out: NodeJS.WritableStream): Promise<number> {
  const [sub, arg] = args;
  const limit = sub === 'failed' ? limitOf(args.slice(1)) : undefined;
  if ((sub !== 'failed' && sub !== 'retry') || (sub === 'failed' && limit === undefined)) {
    process.stderr.write(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (!config.REDIS_URL) {
    process.stderr.write(
      'Without REDIS_URL the proactive jobs run in process and keep no failed set; a failed check is tried again at the next run.\n',
    );
    return 2;
  }
  if (sub === 'retry' && !arg) {
    process.stderr.write(USAGE);
    return 2;
  }
  const { openFailedJobs } = await import('../jobs/failed-jobs.js');
  const failed = openFailedJobs({ url: config.REDIS_URL });
  try {
    if (sub === 'retry') {
      const n = await failed.retry(arg === 'all' ? 'all' : arg!);
      out.write(`moved ${n} failed job${n === 1 ? '' : 's'} back to waiting\n`);
      return n > 0 || arg === 'all' ? 0 : 1;
    }
    const { total, jobs } = await failed.list(limit ?? 50);
    out.write(
      `${total} failed job${total === 1 ? '' : 's'}${total > jobs.length ? ` (newest ${jobs.length})` : ''}\n`,
    );
    for (const j of jobs)
      out.write(`${j.id}\t${j.kind} ${j.name}\t${j.attempts} attempts\t${j.failedAt ?? ''}\t${j.reason}\n`);
    return 0;
  } finally {
    await failed.close();
  }
}

/** `[]` or `--limit N` (a whole number, 1 to 1000); anything else is a typo to name, not a default. */
function limitOf(rest: string[]): number | undefined {
  if (rest.length === 0) return 50;
  if (rest.length !== 2 || rest[0] !== '--limit' || !/^\d{1,4}$/.test(rest[1]!)) return undefined;
  const n = Number(rest[1]);
  return n >= 1 && n <= 1000 ? n : undefined;
}
