export type { RefsFor } from './command-refs.js';
export type { CommandContext, CommandSpec } from './command-spec.js';
export { commandText, defineCommand } from './command-spec.js';
export type {
  CommandInfo,
  Core,
  IncomingAction,
  IncomingText,
  LinkInput,
  SupportSetupInput,
} from './core.js';
export { type CoreOptions, createCore } from './create-core.js';
export { type ChatRef, chatKey, type Identity, identityKey, type Platform } from './identity.js';
export { type RecoverInterruptedOptions, recoverInterrupted, tellAbandoned } from './interrupted.js';
export type { CoreLogger } from './logger.js';
export { catalogues, de, en, type Language, languageOf, type Messages, messagesFor } from './messages.js';
export type { ActionOutcome, Reply, ReplyAction, ReplyField, ReplyFile, ReplyTable } from './reply.js';
export type { Role } from './roles.js';
export { type ErrorSummary, errorSummary } from './safe-error.js';
export type { AccountClient, CardClient, ClientFactory } from './services.js';
