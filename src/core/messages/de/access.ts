import type { accessEn } from '../en/access.js';

/** Deutsch: der Zugang eines Assistenten, im Chat erteilt (`/assistants`, docs/mcp.md §8). */
export const accessDe: typeof accessEn = {
  access: {
    consent: (client, host) =>
      `Ein Assistent möchte in deinem Namen handeln: „${client.slice(0, 80)}“, der danach zu ${host} zurückkehrt.\nStimme nur zu, wenn du das gerade selbst in deinem Browser begonnen hast, nie für einen Code, den dir jemand geschickt hat. Bestätigen erlaubt es, Abbrechen lehnt ab.`,
    unknownCode: (code) =>
      `Es gibt keine offene Anfrage mit dem Code ${code.slice(0, 12)} (Codes gelten ein paar Minuten und einmal). Verbinde den Assistenten neu, um einen neuen Code zu bekommen, z. B. /assistants connect K7P2QX.`,
    approved: (client) =>
      `Erlaubt: „${client.slice(0, 80)}“ kann jetzt für dich handeln. Geh zurück in deinen Browser. /assistants zeigt deine Assistenten; /assistants revoke entfernt einen.`,
    denied: 'Abgelehnt: der Assistent wurde nicht verbunden.',
    none: 'Mit deinem Konto ist kein Assistent verbunden. Füge den Bot in deinem Assistenten als MCP-Server hinzu und folge der Seite, die sich öffnet.',
    header: 'Assistenten, die für dich handeln können:',
    line: (n, client, host, created, used) =>
      `${n}. ${client.slice(0, 80)} (${host}), verbunden ${created}, ${used ? `zuletzt genutzt ${used}` : 'noch nicht genutzt'}`,
    revokeHint: 'Widerrufe einen mit /assistants revoke <n> oder alle mit /assistants revoke all.',
    revoked: (n) =>
      n === 1
        ? 'Widerrufen: dieser Assistent kann nicht mehr für dich handeln.'
        : `${n} Assistenten widerrufen.`,
    revokeNone: (n) =>
      `Es gibt keinen Assistenten Nummer ${n}; /assistants listet sie, z. B. /assistants revoke 1.`,
    fix: 'Mit /assistants siehst du deine Assistenten, mit /assistants connect <Code> gibst du den Code aus deinem Browser ein, mit /assistants revoke <n|all> widerrufst du, z. B. /assistants connect K7P2QX.',
  },
};
