/** English: the command table: summary (menus, help), usage and an example per command. */
export const commandsEn = {
  cmd: {
    start: { summary: 'Start: what I do and how to begin', usage: '/start', example: '/start' },
    menu: { summary: 'Show the home menu', usage: '/menu', example: '/menu' },
    help: {
      summary: 'Show the commands, or details of one',
      usage: '/help [command]',
      example: '/help call',
    },
    link: {
      summary: 'Link your telephony account (or with "card", the PIN-creation account)',
      usage: '/link [card] [username]',
      example: '/link',
    },
    cancel: { summary: 'Stop a linking conversation', usage: '/cancel', example: '/cancel' },
    unlink: {
      summary: 'Forget a linked account (the active one if none is named)',
      usage: '/unlink [label]',
      example: '/unlink work',
    },
    accounts: { summary: 'List your linked accounts', usage: '/accounts', example: '/accounts' },
    use: { summary: 'Switch the active account', usage: '/use <label>', example: '/use work' },
    balance: { summary: 'Balance and account details', usage: '/balance', example: '/balance' },
    rate: {
      summary: 'Price per minute to one or more numbers',
      usage: '/rate <number> [number…]',
      example: '/rate +49 30 1234567',
    },
    check: {
      summary: 'Check a number: country code, prefix and destination',
      usage: '/check <number>',
      example: '/check +43 1 234567',
    },
    numbers: {
      summary: 'Dial-in and callback numbers by country, and the stored A/B pair',
      usage: '/numbers',
      example: '/numbers',
    },
    target: {
      summary: 'Store the callthrough pair: calls from A to the dial-in number reach B',
      usage: '/target <A> <B>',
      example: '/target +49 170 1234567 +43 1 234567',
    },
    lines: {
      summary: 'Your SIP lines (passwords only in a private chat)',
      usage: '/lines',
      example: '/lines',
    },
    call: {
      summary: 'Start a web callback: ring A, then connect B',
      usage: '/call <A> <B>',
      example: '/call +49 30 1234567 +49 176 1234567',
    },
    hangup: {
      summary: 'Stop your last call, or the call with this id',
      usage: '/hangup [call id]',
      example: '/hangup',
    },
    topup: {
      summary: 'Top up with a PIN from a cash or calling card',
      usage: '/topup <PIN>',
      example: '/topup 12345678',
    },
    cdrs: {
      summary: 'Your call records (dates: today, yesterday, 7d, 2026-11-01, 01.11.2026)',
      usage: '/cdrs [from] [to] [count] [csv]',
      example: '/cdrs 7d today 20',
    },
    cdr: {
      summary: 'One call record, by its id (as its link names it)',
      usage: '/cdr <call id>',
      example: '/cdr 20261031T100100Z-4930123456',
    },
    callshop: {
      summary: 'Callshop call records, with a total',
      usage: '/callshop [from] [to] [count] [csv]',
      example: '/callshop yesterday today',
    },
    card: {
      summary: 'Prepaid cards: show, create, block, unblock, disable, renumber, activate, limit',
      usage: '/card show|create|block|unblock|disable|renumber|activate|limit <number> …',
      example: '/card block +49 176 1234567',
    },
    groupdata: {
      summary: 'Group admins: allow (on) or stop (off) personal data such as balances in this group',
      usage: '/groupdata on|off',
      example: '/groupdata on',
    },
    team: {
      summary: 'Admins: make this channel a support channel (a form opens)',
      usage: '/team setup',
      example: '/team setup',
    },
    audit: {
      summary: 'Agents: the recent audited actions in this channel',
      usage: '/audit [count]',
      example: '/audit 20',
    },
    language: {
      summary: 'Choose my language: English (en) or German (de)',
      usage: '/language [en|de]',
      example: '/language de',
    },
    timezone: {
      summary: 'Set your time zone for dates and times',
      usage: '/timezone [zone]',
      example: '/timezone Europe/Berlin',
    },
    alert: {
      summary: 'Alert me when the balance falls below an amount',
      usage: '/alert [amount|off]',
      example: '/alert 5,00 €',
    },
    spend: {
      summary: 'A chart of your spend per day and top destinations',
      usage: '/spend [period]',
      example: '/spend 30d',
    },
    digest: {
      summary: 'A weekly message with your spend, a chart and the balance',
      usage: '/digest [weekly|off]',
      example: '/digest weekly',
    },
    limit: {
      summary: 'Spend limits (daily, monthly) and a price ceiling for calls',
      usage: '/limit [daily|monthly|price <amount>|off]',
      example: '/limit daily 5.00',
    },
    approvals: {
      summary: 'Which actions need a second person in this team chat',
      usage: '/approvals [on|off <action> [amount]|approvers admins|agents]',
      example: '/approvals on card block',
    },
    assistants: {
      summary: 'Assistants connected to your account: connect one, list them, revoke',
      usage: '/assistants [connect <code>|revoke <n|all>]',
      example: '/assistants connect K7P2QX',
    },
  },
  cardUsage: {
    show: '/card show <number>',
    create: '/card create <number> [amount] [customer name]',
    block: '/card block <number>',
    unblock: '/card unblock <number>',
    disable: '/card disable <number>',
    renumber: '/card renumber <number> <new number>',
    activate: '/card activate <number> <PIN>',
    limit: '/card limit <number> [amount|off]',
  },
};
