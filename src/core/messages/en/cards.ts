/** English: prepaid cards. */
export const cardsEn = {
  cardTitle: (cli: string) => `Card +${cli}`,
  fieldState: 'State',
  fieldAmount: 'Amount',
  fieldAmountAll: 'Total amount',
  fieldSerial: 'Serial',
  fieldPin: 'PIN',
  pinHidden: 'hidden here; ask in a private chat',
  cardStates: { active: 'active', blocked: 'blocked', disabled: 'disabled' } as Record<string, string>,
  cardCreated: (cli: string) => `Created a card for +${cli}.`,
  cardConfirmBlock: (cli: string) => `Block the card +${cli}? It stops working until it is unblocked.`,
  cardConfirmDisable: (cli: string) => `Disable the card +${cli}? This cannot be undone by unblocking.`,
  cardConfirmRenumber: (cli: string, newCli: string) => `Move the card +${cli} to the number +${newCli}?`,
  cardDone: (verb: string, cli: string) => `Card +${cli}: ${verb}.`,
  cardVerbs: {
    blockcard: 'blocked',
    unblockcard: 'unblocked',
    disableCliByNumber: 'disabled',
    changeCliByNumber: 'renumbered',
    activateMyCard: 'activated',
    insert: 'created',
  } as Record<string, string>,
};
