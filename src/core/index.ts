export type { AccountClient, CardClient, ClientFactory } from './accounts/services.js';
export { HOME_BUTTON } from './buttons.js';
export type { CommandContext, CommandForm, CommandSpec, FormAsk } from './command-spec.js';
export { commandText, defineCommand, formAsked } from './command-spec.js';
export type {
  CommandInfo,
  Core,
  IncomingAction,
  IncomingCommand,
  IncomingText,
  LinkInput,
  SupportSetupInput,
} from './core.js';
export type { RefsFor } from './delivery/command-refs.js';
export { type CoreOptions, createCore } from './dispatch/create-core.js';
export { type RecoverInterruptedOptions, recoverInterrupted, tellAbandoned } from './dispatch/interrupted.js';
export type { Role } from './identity.js';
export { type ChatRef, chatKey, type Identity, identityKey, type Platform } from './identity.js';
export type { CoreLogger } from './logs/logger.js';
export { type ErrorSummary, errorSummary } from './logs/safe-error.js';
export { catalogues, de, en, type Language, languageOf, type Messages, messagesFor } from './messages.js';
export type { ActionOutcome, Reply, ReplyAction, ReplyField, ReplyFile, ReplyTable } from './reply.js';
