/** English: what an assistant's channel says itself (docs/mcp.md): tool refusals, consent, withheld secrets. */
export const assistantEn = {
  assistant: {
    unknownTool: (name: string, near: string | undefined, example: string) =>
      `There is no tool "${name.slice(0, 40)}".${near ? ` Did you mean ${near}?` : ''} List the tools first; for example call ${example}.`,
    notAnObject: (example: string) => `Give the arguments as an object of named values, e.g. ${example}.`,
    unknownField: (field: string, fields: string) =>
      `"${field.slice(0, 40)}" is not an argument of this tool; it takes ${fields || 'no arguments'}.`,
    missingField: (field: string, example: string) => `"${field}" is missing; give it, e.g. ${example}.`,
    wrongType: (field: string, expected: string, example: string) =>
      `"${field}" must be ${expected}, e.g. ${example}.`,
    types: {
      text: 'text',
      list: 'a list of texts',
      integer: 'a whole number',
      flag: 'true or false',
      choice: (values: string) => `one of ${values}`,
    },
    consentTitle: 'Confirm in your assistant',
    consentAnswer: 'Confirm',
    declined: 'Not confirmed: nothing was sent.',
    waitsInChat: (where: string) =>
      `Your assistant cannot ask you to confirm, so I sent the question to ${where}. Nothing happens until you press Confirm there.`,
    cannotConfirm:
      'This needs your confirmation, and your assistant cannot ask for it and I have no private chat with you to ask in. Nothing was sent. Use an assistant that supports elicitation, or run the command in your chat with the bot.',
    secretWithheld: (where: string) =>
      `A secret (a PIN or password) is never given to an assistant; read it in ${where}.`,
    privateChat: 'your private chat with the bot',
    pinInChat:
      'The PIN is never typed to an assistant here, and I have no page of mine to ask it on. Run /topup in your private chat with the bot, or give the PIN as "pin", e.g. topup {"pin":"12345678"}.',
    pinPageAsk: 'Enter the PIN on this one-time page of the bot: your assistant never sees it.',
    pinPageLink: (url: string) =>
      `The PIN is never typed to an assistant. Open ${url} and enter it there (the page works once, for 5 minutes): the request runs when you do, and its confirmation and result come to your private chat with the bot.`,
    pinNotGiven: 'No PIN was entered: nothing was sent.',
    pinExpired:
      'The PIN page expired before a PIN was entered: nothing was sent. Call the tool again for a new page.',
    pinTaken: 'PIN received. Go back to your assistant: it continues there.',
    pinToChat: 'PIN received. The confirmation and the result come to your private chat with the bot.',
    pinAccountChanged:
      'Your active account changed since the PIN page was opened, so nothing was sent. Ask your assistant again for a new page.',
    pinNotEchoed: '(the PIN is not repeated)',
    alreadyReceived:
      'I received this same request (its id) before and run a request once; its answer went to the first. To run it again, make a new call.',
    failed: 'Something went wrong on my side; nothing more was sent. Try again in a moment.',
    supportChannel:
      'A support channel you are an agent of (its chat id, e.g. C0123SUPPORT): the command runs there for its team, under its approvals policy. Leave it out to act on your own accounts, where approvals do not apply.',
    ownAccounts:
      'This acted on your own accounts, where approvals do not apply. To act for a team under its approvals policy, name its support channel (support_channel).',
    postedInChannel:
      'I posted this in the support channel. An approver there decides; the result comes to your private chat with the bot.',
    notPostedInChannel:
      'The request waits for approval, but I could not post it in the support channel (the bot does not run there from here), so nobody there can approve it. It expires on its own in 30 minutes; run the command in the support channel instead.',
  },
};
