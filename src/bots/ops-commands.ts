import {
  createInstallationStore,
  createKeyValueStoreFromConfig,
  createStores,
  keyringFromKeys,
  parseMasterKey,
  rotateCredentials,
} from '../store/index.js';
import { HELP } from './cli-usage.js';
import { loadConfig } from './config.js';
import { resolveKeyring, storeConfigOf } from './store-config.js';

/** `telephony-bot audit export`: the audit log as JSON lines on stdout (docs/operations.md §4.3). */
export async function auditExport(out: NodeJS.WritableStream): Promise<number> {
  const config = loadConfig();
  const { keyring } = await resolveKeyring(config);
  // A reader: it may run beside the live instance, so it does not take the single-writer lock.
  const where = storeConfigOf(config);
  const kv = await createKeyValueStoreFromConfig(
    where.kind === 'sqlite' ? { ...where, exclusive: false } : where,
  );
  const stores = createStores({ kv, keyring });
  let n = 0;
  for await (const entry of stores.audit.all()) {
    out.write(`${JSON.stringify(entry)}\n`);
    n++;
  }
  await stores.close();
  process.stderr.write(`exported ${n} audit entries\n`);
  return 0;
}

/**
 * `telephony-bot keys rotate`: re-encrypts every credential under BOT_ENCRYPTION_KEY. The old key
 * is read from BOT_ENCRYPTION_KEY_PREVIOUS (or the generated key file) and keeps decrypting until
 * the rotation is done (docs/accounts.md §2.4).
 */
export async function keysRotate(out: NodeJS.WritableStream): Promise<number> {
  const config = loadConfig();
  if (!config.BOT_ENCRYPTION_KEY || !config.BOT_ENCRYPTION_KEY_PREVIOUS) {
    process.stderr.write(
      'keys rotate needs BOT_ENCRYPTION_KEY (the new key) and BOT_ENCRYPTION_KEY_PREVIOUS (the old key or keys, comma-separated).\n' +
        "Generate a new key with: node -e \"console.log(require('crypto').randomBytes(32).toString('base64'))\"\n",
    );
    return 2;
  }
  const previous = config.BOT_ENCRYPTION_KEY_PREVIOUS.split(',').map((k) =>
    parseMasterKey(k.trim(), 'BOT_ENCRYPTION_KEY_PREVIOUS'),
  );
  const to = keyringFromKeys(parseMasterKey(config.BOT_ENCRYPTION_KEY), previous);
  const from = keyringFromKeys(previous[0]!, previous.slice(1));
  const kv = await createKeyValueStoreFromConfig(storeConfigOf(config));
  const result = await rotateCredentials({ kv, from, to });
  await kv.close();
  out.write(
    `rotated ${result.rotated}, already current ${result.unchanged}, failed ${result.failed.length} of ${result.total}\n`,
  );
  for (const f of result.failed) out.write(`  ${f.owner}: ${f.code} ${f.message}\n`);
  return result.failed.length ? 1 : 0;
}

/**
 * `telephony-bot slack installations list|remove <id>`: the workspaces the app is installed in
 * through OAuth (docs/operations.md §5.2), and removing one (its tokens leave the store). Listing is a reader and
 * may run beside the live instance; removing writes, so with SQLite it waits for the bot to stop
 * (the single-writer lock); with Redis it runs beside the instances.
 */
export async function slackInstallations(args: string[], out: NodeJS.WritableStream): Promise<number> {
  const [action, id] = args;
  if (action !== 'list' && !(action === 'remove' && id)) {
    process.stderr.write(HELP.slack!);
    return 2;
  }
  const { listSlackInstallations, removeSlackInstallation } = await import(
    '../adapters/slack/installations.js'
  );
  const config = loadConfig();
  const { keyring } = await resolveKeyring(config);
  const where = storeConfigOf(config);
  const kv = await createKeyValueStoreFromConfig(
    where.kind === 'sqlite' && action === 'list' ? { ...where, exclusive: false } : where,
  );
  try {
    const records = createInstallationStore({ kv, keyring });
    if (action === 'remove') {
      const removed = await removeSlackInstallation(records, id!);
      out.write(
        removed
          ? `removed the installation ${id}: its tokens are deleted. Remove the app in that workspace too (Settings → Manage apps), or it stays listed there.\n`
          : `no installation ${id}; \`telephony-bot slack installations list\` shows the ids\n`,
      );
      return removed ? 0 : 1;
    }
    const all = await listSlackInstallations(records);
    if (all.length === 0) out.write('no Slack installations (install through /slack/install)\n');
    for (const i of all)
      out.write(
        `${i.id}\t${i.orgWide ? `org ${i.enterpriseName ?? ''}` : `workspace ${i.teamName ?? ''}`}\tbot ${i.botUserId ?? '-'}\tscopes ${i.scopes.join(',') || '-'}${i.userToken ? '\tuser token' : ''}\n`,
      );
    return 0;
  } finally {
    await kv.close();
  }
}
