/**
 * The schedules the bot declares at start (docs/proactive.md §5), written out here, not read from
 * src, so a schedule lost or added without its doc fails the jobs tests.
 */
export const SCHEDULES = [
  'alerts',
  'approvals',
  'call-cutoffs',
  'call-reports',
  'card-caps',
  'confirm-expiry',
  'digests',
  'limits',
] as const;
