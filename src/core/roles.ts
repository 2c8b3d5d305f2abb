/**
 * Who may run a command (issue 4). `holder`: a chat user acting on their own linked account.
 * `agent`: a support agent in a support channel, acting with the team's credentials (issue 6).
 * `admin`: a workspace or group admin, for channel setup and group settings.
 */
export type Role = 'holder' | 'agent' | 'admin';
