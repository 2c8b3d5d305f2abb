import { NotLinkedError } from '../delivery/error-replies.js';
import type { CredentialRecord, LinkedCredential } from '../ports/records.js';
import type { Stores } from '../ports/stores.js';
import type { AccountClient, CardClient, ClientFactory } from './services.js';

/** The account credentials of an owner (a chat user, or a support channel), cards left out. */
export function accountCredentials(record: CredentialRecord | undefined): LinkedCredential[] {
  return record?.credentials.filter((c) => c.kind === 'account') ?? [];
}

/** The active account credential of an owner (a chat user, or a support channel). */
export function activeAccount(record: CredentialRecord | undefined): LinkedCredential | undefined {
  const accounts = accountCredentials(record);
  return accounts.find((c) => c.label === record?.active) ?? accounts[0];
}

function cardCredential(record: CredentialRecord | undefined): LinkedCredential | undefined {
  return record?.credentials.find((c) => c.kind === 'card');
}

export async function accountClientFor(
  stores: Stores,
  factory: ClientFactory,
  owner: string,
): Promise<AccountClient> {
  const cred = activeAccount(await stores.credentials.get(owner));
  if (!cred) throw new NotLinkedError('account', stores.dataLostAt?.() !== undefined);
  return {
    client: factory({ account: { username: cred.username, md5: cred.md5 } }),
    username: cred.username,
    label: cred.label,
  };
}

export async function cardClientFor(
  stores: Stores,
  factory: ClientFactory,
  owner: string,
): Promise<CardClient> {
  const cred = cardCredential(await stores.credentials.get(owner));
  if (!cred) throw new NotLinkedError('card', stores.dataLostAt?.() !== undefined);
  return { client: factory({ card: { username: cred.username, md5: cred.md5 } }), username: cred.username };
}
