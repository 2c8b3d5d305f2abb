import type { ConnectorClient } from '@microsoft/agents-hosting';
import type { Person } from './place.js';
import type { TeamsSender } from './sender.js';

/**
 * A team's members, asked of Teams (docs/teams.md §2.1): `GET v3/conversations/{team}/pagedmembers`
 * page by page (Teams' paginated roster; the unpaged `members` is deprecated and throttled), each
 * page a call through the channel's one sender, so the tenant's limit holds. At most `ROSTER_MAX`
 * are read: a card carries about 28 KB (setup-card.ts lists as many as fit), so a bigger team's
 * list is cut (`more`).
 */
export const ROSTER_MAX = 200;
const PAGE_SIZE = 100;

export interface Member extends Person {
  /** Teams' `userRole`: `owner` for a team owner. */
  readonly owner: boolean;
}

export interface Roster {
  readonly members: readonly Member[];
  /** The team has more members than were read. */
  readonly more: boolean;
}

export async function teamRoster(
  connector: ConnectorClient,
  team: string,
  via: { sender: TeamsSender; tenant: string },
): Promise<Roster> {
  const members: Member[] = [];
  let token: string | undefined;
  do {
    const params: Record<string, string> = { pageSize: String(PAGE_SIZE) };
    if (token) params.continuationToken = token;
    const page = await via.sender.call({ tenant: via.tenant }, () =>
      connector.httpClient.get<RosterPage>(`v3/conversations/${encodeURIComponent(team)}/pagedmembers`, {
        params,
      }),
    );
    for (const m of page.data.members ?? [])
      if (m.id) members.push({ id: m.id, name: m.name ?? '', owner: m.userRole === 'owner' });
    token = page.data.continuationToken || undefined;
  } while (token && members.length < ROSTER_MAX);
  return { members: members.slice(0, ROSTER_MAX), more: Boolean(token) || members.length > ROSTER_MAX };
}

interface RosterPage {
  members?: { id?: string; name?: string; userRole?: string }[];
  continuationToken?: string;
}
