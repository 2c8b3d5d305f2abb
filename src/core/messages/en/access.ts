/** English: an assistant's access granted from chat (`/assistants`, docs/mcp.md §8). */
export const accessEn = {
  access: {
    consent: (client: string, host: string) =>
      `An assistant asks to act on your behalf: "${client.slice(0, 80)}", which will return to ${host}.\nApprove only if you started this yourself just now in your browser; never for a code someone sent you. Confirm approves, Cancel denies.`,
    unknownCode: (code: string) =>
      `There is no open request with the code ${code.slice(0, 12)} (codes work for a few minutes, once). Start connecting again from your assistant for a new code, e.g. /assistants connect K7P2QX.`,
    approved: (client: string) =>
      `Approved: "${client.slice(0, 80)}" can now act for you. Go back to your browser. /assistants lists your assistants; /assistants revoke removes one.`,
    denied: 'Denied: the assistant was not connected.',
    none: 'No assistant is connected to your account. To connect one, add this bot as an MCP server in your assistant and follow the page it opens.',
    header: 'Assistants that can act for you:',
    line: (n: number, client: string, host: string, created: string, used: string | undefined) =>
      `${n}. ${client.slice(0, 80)} (${host}), connected ${created}, ${used ? `last used ${used}` : 'not used yet'}`,
    revokeHint: 'Revoke one with /assistants revoke <n>, or all with /assistants revoke all.',
    revoked: (n: number) =>
      n === 1 ? 'Revoked: that assistant can no longer act for you.' : `Revoked ${n} assistants.`,
    revokeNone: (n: number) =>
      `There is no assistant number ${n}; /assistants lists them, e.g. /assistants revoke 1.`,
    fix: 'Use /assistants to list your assistants, /assistants connect <code> with the code your browser shows, or /assistants revoke <n|all>, e.g. /assistants connect K7P2QX.',
  },
};
