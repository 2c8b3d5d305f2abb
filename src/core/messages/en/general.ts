import type { Language } from '../../messages.js';
import { capitalise } from '../plural.js';

/** English: greetings, help, and the dispatcher's refusals. */
export const generalEn = {
  language: 'en' as Language,
  welcome: (name: string) =>
    `Hello ${name}! I run your prepaid telephony account from this chat: balance, rates, calls, top-ups, call records and prepaid cards.`,
  welcomeSomeone: 'there',
  welcomeLinked: (label: string) =>
    `You are linked as "${label}". Try /balance, or /help for everything I can do.`,
  welcomeNotLinked: 'First link your account with /link (in a private chat). Then try /balance.',
  helpTitle: 'Commands',
  helpFooter: 'Send /help <command> for details and an example.',
  helpUnknown: (name: string) => `There is no command "${name}". Send /help for the list.`,
  helpUsage: 'Usage',
  helpExample: 'Example',
  helpWho: 'Who',
  helpAliases: 'Also',
  helpPrivateOnly: 'Only in a private chat.',
  helpConfirm: 'Asks for confirmation first.',
  roles: { holder: 'account holders', agent: 'support agents', admin: 'admins' },
  unknownCommand: (name: string, suggestion?: string) =>
    `I don't know the command "${name}".${suggestion ? ` Did you mean /${suggestion}?` : ''} Send /help for the list.`,
  notACommand: 'Send a command such as /balance, or /help for the list.',
  badArgs: (fix: string, usage: string, example: string) =>
    `${capitalise(fix)}.\nUsage: ${usage}\nExample: ${example}`,
  privateOnly: (command: string) =>
    `/${command} handles passwords, PINs or SIP secrets, so it only works in a private chat with me. Nothing was stored or sent.`,
  privateOnlyUseCommand: (command: string) =>
    `A message that mentions me is read by everyone here, so I did not run it. Type /${command} instead: only you see what you type there, and a PIN or password is asked in a form only you see. Nothing was stored or sent.`,
  pinExposed:
    'The PIN you typed is readable by everyone here, and I cannot delete your message. Redeem it now, before anyone else can:',
  sharedOnly: (command: string) => `/${command} is a group setting; use it in the group.`,
  notAllowed: (command: string) => `You are not allowed to run /${command} here.`,
  notAgent:
    'This is a support channel: only its agents can run commands here. Ask an admin of this workspace or team to add you.',
  rateLimited: (seconds: number) =>
    `You are sending commands faster than I can take them. Please wait ${seconds} s and try again.`,
  shuttingDown: 'I am restarting right now. Please send that again in a few seconds.',
  /** The provider's backlog is full (admission control): nothing was run or sent. */
  busyTryAgain:
    'I am very busy right now, so I did not run that; nothing was sent. Please try again in a minute.',
  deliveredPrivately: 'I sent that to you privately, since it holds your personal data.',
};
