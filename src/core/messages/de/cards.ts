import type { cardsEn } from '../en/cards.js';

/** German: prepaid cards. Typed as the English area, so a missing key fails the type check. */
export const cardsDe: typeof cardsEn = {
  cardTitle: (cli: string) => `Karte +${cli}`,
  fieldState: 'Status',
  fieldAmount: 'Betrag',
  fieldAmountAll: 'Gesamtbetrag',
  fieldSerial: 'Seriennummer',
  fieldPin: 'PIN',
  pinHidden: 'hier verborgen; fragen Sie im privaten Chat',
  cardStates: { active: 'aktiv', blocked: 'gesperrt', disabled: 'deaktiviert' } as Record<string, string>,
  cardCreated: (cli: string) => `Karte für +${cli} angelegt.`,
  cardConfirmBlock: (cli: string) =>
    `Die Karte +${cli} sperren? Sie funktioniert dann nicht mehr, bis sie entsperrt wird.`,
  cardConfirmDisable: (cli: string) =>
    `Die Karte +${cli} deaktivieren? Das lässt sich durch Entsperren nicht rückgängig machen.`,
  cardConfirmRenumber: (cli: string, newCli: string) =>
    `Die Karte +${cli} auf die Nummer +${newCli} umziehen?`,
  cardDone: (verb: string, cli: string) => `Karte +${cli}: ${verb}.`,
  cardVerbs: {
    blockcard: 'gesperrt',
    unblockcard: 'entsperrt',
    disableCliByNumber: 'deaktiviert',
    changeCliByNumber: 'umnummeriert',
    activateMyCard: 'aktiviert',
    insert: 'angelegt',
  } as Record<string, string>,
};
