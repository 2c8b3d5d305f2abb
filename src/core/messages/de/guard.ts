import type { guardEn } from '../en/guard.js';

/** German: the money guard: spend limits, price ceilings, card caps and four-eyes approvals. Typed as the English area. */
export const guardDe: typeof guardEn = {
  limitFix:
    'sagen Sie daily, monthly oder price und einen Betrag, z. B. /limit daily 5,00, /limit price 0,10, oder /limit off',
  limitKinds: { daily: 'Tageslimit', monthly: 'Monatslimit', price: 'Preisobergrenze' } as Record<
    string,
    string
  >,
  limitNone:
    'Kein Ausgabenlimit und keine Preisobergrenze gesetzt. Setzen Sie eines mit /limit daily 5,00, /limit monthly 50 oder /limit price 0,10.',
  limitTitle: (label: string) => `Limits von „${label}“`,
  limitSpent: (spent: string, limit: string, percent: number) => `${spent} von ${limit} (${percent} %)`,
  limitPerMinute: (price: string) => `${price} pro Minute`,
  limitAtLeast: (amount: string) => `mindestens ${amount}`,
  limitNote:
    'Die API des Anbieters kann Anrufe außerhalb des Bots (Telefone, SIP-Leitungen) nicht stoppen: Ein Limit warnt bei 50, 80 und 100 % und lehnt die Anrufe ab, die der Bot selbst starten würde.',
  limitSet: (kind: string, amount: string) => `${kind} auf ${amount} gesetzt.`,
  limitOff: 'Ausgabenlimits und Preisobergrenze ausgeschaltet.',
  limitOffOne: (kind: string) => `${kind} ausgeschaltet.`,
  limitOffNone: 'Es gab kein Limit zum Ausschalten.',
  limitAlertTitle: (percent: number) => `Ausgaben bei ${percent} % des Limits`,
  limitAlert: (label: string, kind: string, spent: string, limit: string, percent: number) =>
    `„${label}“: ${kind}: ${spent} von ${limit} ausgegeben (${percent} %).`,
  limitButton: 'Limits',
  limitAlertReached:
    'Der Bot lehnt neue Anrufe ab, bis der Zeitraum endet. Anrufe von Telefonen und SIP-Leitungen gehen weiter durch: Die API kann sie nicht stoppen.',
  limitAlertPublic: (label: string, kind: string, percent: number) =>
    `„${label}“ hat ${percent} % des ${kind}s erreicht. Support-Mitarbeiter sehen es mit /limit.`,
  limitReachedCall: (kind: string, spent: string, limit: string) =>
    `Kein Anruf: Das ${kind} von ${limit} ist erreicht (${spent} ausgegeben). Es wurde nichts gesendet. Ändern mit /limit.`,
  callAboveCeiling: (destination: string, rate: string, ceiling: string) =>
    `Kein Anruf: ${destination} kostet ${rate} pro Minute, mehr als die Preisobergrenze von ${ceiling}. Es wurde nichts gesendet. Ändern mit /limit price.`,
  callAboveCeilingApprovalsHint:
    'In diesem Team-Chat lässt /approvals on call eine zweite Person solche Anrufe freigeben.',
  callLimitLeft: (kind: string, left: string, rate: string) =>
    `Kein Anruf: Das ${kind} lässt ${left} übrig (laufende Anrufe mitgezählt), weniger als eine Minute zu ${rate} pro Minute. Es wurde nichts gesendet. Prüfen mit /limit; erhöhen z. B. mit /limit daily 10,00.`,
  callNoRate: (b: string) =>
    `Kein Anruf: Der Anbieter nennt keinen Tarif für +${b}, daher weiß ich nicht, wie lange Ihr Ausgabenlimit reicht. Es wurde nichts gesendet. Prüfen mit /rate +${b}.`,
  callAllowedMinutes: (minutes: number, kind: string) =>
    `Ihr ${kind} erlaubt diesem Anruf ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'}: Ich lege vorher auf.`,
  cardCapFix:
    'geben Sie die Kartennummer und die Obergrenze an, z. B. /card limit +49 170 1234567 20,00, oder off',
  cardCapSet: (cli: string, cap: string, amount: string) =>
    `Ich beobachte die Karte +${cli}: Sie wird gesperrt, sobald sie ab jetzt mehr als ${cap} ausgibt. Ihr Betrag ist jetzt ${amount}.`,
  cardCapShow: (cli: string, spent: string, cap: string, since: string) =>
    `Die Karte +${cli} hat seit ${since} ${spent} von ihrer Obergrenze von ${cap} ausgegeben.`,
  cardCapNone: (cli: string) =>
    `Für die Karte +${cli} ist keine Obergrenze gesetzt. Setzen Sie eine mit /card limit +${cli} 20,00.`,
  cardCapOff: (cli: string) => `Die Karte +${cli} wird nicht mehr beobachtet.`,
  cardCapBlockedTitle: 'Karte gesperrt: Obergrenze überschritten',
  cardCapBlocked: (cli: string, spent: string, cap: string) =>
    `Die Karte +${cli} hat ${spent} ausgegeben, mehr als ihre Obergrenze von ${cap}; ich habe sie gesperrt. Entsperren fragt nach einer Bestätigung: /card unblock +${cli}.`,
  cardCapBlockedPublic:
    'Eine Prepaid-Karte hat ihre Obergrenze überschritten und wurde gesperrt. Ihr Inhaber wurde benachrichtigt.',
  cardCapBlockUnknown: (cli: string) =>
    `Die Karte +${cli} hat ihre Obergrenze überschritten. Ich habe versucht, sie zu sperren, aber keine Antwort erhalten; ob sie gesperrt ist, weiß ich nicht: Prüfen Sie mit /card show +${cli}.`,
  cardCapBlockClaimed: (cli: string) =>
    `Ihre bisherige Obergrenze war schon überschritten: Die Karte wird deswegen gerade gesperrt oder wurde es schon. Prüfen Sie mit /card show +${cli}; /card unblock +${cli} entsperrt sie.`,
  cardConfirmUnblock: (cli: string) => `Die Karte +${cli} entsperren? Sie kann sofort wieder benutzt werden.`,
  approvalsFix:
    'sagen Sie on oder off und was, z. B. /approvals on card block, /approvals on call 0,10, /approvals on topup 20, oder /approvals approvers admins',
  approvalsNotHere:
    'Freigaben gibt es nur in Team-Chats (einer Gruppe, einem Support-Kanal): Dort gibt eine zweite Person frei, was Geld bewegt oder einen Dienst abschaltet. Hier könnte niemand sonst freigeben.',
  approvalsAdminsOnly: 'Nur ein Admin dieses Chats kann ändern, was eine Freigabe braucht.',
  approvalsTitle: 'Freigaben in diesem Chat',
  approvalsNone:
    'Hier braucht nichts eine zweite Person. Einschalten mit /approvals on card block (oder card, call, topup).',
  approvalsOn: (what: string) => `${what}: braucht eine Freigabe.`,
  approvalsWho: (who: string) => `Freigeben dürfen: ${who}. Niemand kann seine eigene Anfrage freigeben.`,
  approvalsWhoNames: {
    admins: 'die Admins des Chats',
    agents: 'die Mitarbeiter des Support-Kanals',
  } as Record<string, string>,
  approvalsExpiry: (minutes: number) => `Eine Anfrage verfällt nach ${minutes} Minuten.`,
  approvalsTopupUnknown:
    'Aufladungen mit PIN werden nie angehalten: Der Bot kennt den Wert einer PIN erst, wenn sie benutzt ist. „topup“ hält Kartenaufladungen an (card create mit Betrag).',
  approvalsActions: {
    'card create': 'Karte anlegen',
    'card block': 'Karte sperren',
    'card unblock': 'Karte entsperren',
    'card disable': 'Karte deaktivieren',
    'card renumber': 'Karte umnummerieren',
    call: 'Anrufe über einem Preis',
    topup: 'Karte mit Geld laden',
  } as Record<string, string>,
  approvalsAbove: (what: string, amount: string) => `${what} (über ${amount})`,
  approvalsPerMinute: (price: string) => `${price} pro Minute, in der Währung des Kontos`,
  approvalsCallCeiling: 'Anrufe über der /limit price des Kontos',
  approvalsChanged: 'Freigaberegeln geändert.',
  approvalsNoAgents: 'Mitarbeiter können nur in einem Support-Kanal freigeben; dieser Chat ist keiner.',
  approvalTitle: 'Freigabe nötig',
  approvalAsk: (who: string, what: string) => `${who} möchte ${what}.`,
  approvalWho: (approvers: string, who: string) => `Freigeben dürfen ${approvers}; nicht ${who}.`,
  approvalExpiresIn: (minutes: number) => `Verfällt in ${minutes} Minuten.`,
  approveButton: 'Freigeben',
  refuseButton: 'Ablehnen',
  approvalWhat: {
    'card create': (card: string) => `die Karte ${card} anlegen`,
    'card block': (card: string) => `die Karte ${card} sperren`,
    'card unblock': (card: string) => `die Karte ${card} entsperren`,
    'card disable': (card: string) => `die Karte ${card} deaktivieren`,
    'card renumber': (card: string) => `die Karte ${card} auf eine neue Nummer umziehen`,
    call: (card: string) => `anrufen: ${card}`,
    topup: (card: string) => `die Karte ${card} laden`,
  } as Record<string, (target: string) => string>,
  approvalCallWhat: (destination: string, rate: string) => `${destination} zu ${rate} pro Minute`,
  approvalCardWhat: (card: string, amount?: string) => (amount ? `${card} mit ${amount}` : card),
  approvalOwn: 'Sie können Ihre eigene Anfrage nicht freigeben: Das muss eine andere Person tun.',
  approvalNotApprover: (approvers: string) => `Nur ${approvers} können über diese Anfrage entscheiden.`,
  approvalDecided: 'Über diese Anfrage wurde schon entschieden.',
  approvalApprovedDone: (who: string) => `Freigegeben von ${who}. Erledigt.`,
  approvalApprovedFailed: (who: string) => `Freigegeben von ${who}, aber es hat nicht geklappt.`,
  approvalDetailsTo: (who: string) => `Die Einzelheiten gingen privat an ${who}.`,
  approvalRefused: (who: string) => `Abgelehnt von ${who}. Es wurde nichts getan.`,
  approvalWithdrawn: (who: string) => `Zurückgezogen von ${who}. Es wurde nichts getan.`,
  approvalExpired: 'Verfallen: Niemand hat rechtzeitig entschieden. Es wurde nichts getan.',
  approvalNoLongerAllowed:
    'Freigegeben, aber der Anfragende darf das hier nicht mehr ausführen. Es wurde nichts getan.',
  approvalSomeone: 'jemand',
};
