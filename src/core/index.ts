/**
 * The core's one door (docs/architecture.md §8): src/adapters import the core from here and nowhere
 * else (test/boundary.test.ts). What is not exported here is the core's own business; to give a
 * channel something new, export it here first. src/bots, the composition root, also wires what it
 * needs from here, but may import a module directly (its light CLI paths must not load the whole
 * core); src/store and src/jobs implement ports and import `ports/` (and `logs/`) directly; tests
 * may import any module.
 */

export { type Money, moneyToDecimalString } from '../telephony/money.js';
export type { AccountClient, CardClient, ClientFactory } from './accounts/services.js';
export { HOME_BUTTON } from './buttons.js';
export {
  type CommandContext,
  type CommandName,
  type CommandRef,
  type CommandSpec,
  commandRef,
  commandText,
  defineCommand,
  type FormAsk,
  formAsked,
  knownCommand,
} from './command-spec.js';
export { accessCode } from './commands/access.js';
export {
  type ArgField,
  type CommandTool,
  type Effect,
  type FieldKind,
  type FieldValue,
  toolTokens,
} from './commands/tool-fields.js';
export type {
  CommandForm,
  CommandInfo,
  Core,
  IncomingAction,
  IncomingCommand,
  IncomingText,
  LinkInput,
  SupportSetupInput,
} from './core.js';
export { NOTHING as NO_CAPABILITIES, PRIVATE_CHAT } from './delivery/capabilities.js';
export type { RefsFor } from './delivery/command-refs.js';
export { isStoreUnavailable } from './delivery/error-replies.js';
export { onePlaceConversation } from './delivery/one-place.js';
export { type Consent, consentOf, pageButton } from './delivery/presses.js';
export { inMemoryChannelMemory, RefusalMemory } from './delivery/refusal-memory.js';
export { lapseAfter, withinBudget as raceBudget } from './delivery/within-budget.js';
export { type CoreOptions, createCore } from './dispatch/create-core.js';
export { InFlight } from './dispatch/in-flight.js';
export { type RecoverInterruptedOptions, recoverInterrupted, tellAbandoned } from './dispatch/interrupted.js';
export type {
  Arrival,
  ChannelRegistration,
  Door,
  Enriched,
  Received,
  Request,
  Shown,
} from './door.js';
export {
  type ChatRef,
  chatKey,
  type Identity,
  identityKey,
  identityOfKey,
  maySetUpSupport,
  type Platform,
  type Role,
} from './identity.js';
export type { ChannelLogger, CoreLogger } from './logs/logger.js';
export { type ErrorSummary, errorSummary } from './logs/safe-error.js';
export { createSampler, type Sampler } from './logs/sampler.js';
export { type ButtonState, disabledAction, pressable } from './menu/button-state.js';
export {
  type ChannelWords,
  catalogues,
  de,
  en,
  type Language,
  languageOf,
  type Messages,
  messagesFor,
  wordsIn,
} from './messages.js';
export type {
  Channel,
  ChannelCapabilities,
  Conversation,
  PrivateWords,
  ReplyForm,
  SecretAsk,
} from './ports/channel.js';
export type { ChannelMemory } from './ports/channel-memory.js';
export type { JobDepths, JobScheduler } from './ports/jobs.js';
export type { CommandEvent, CoreMetrics, SendFailedEvent } from './ports/metrics.js';
export {
  type NotifyDestination,
  NotifyRefusedError,
  SendFailedError,
  type SendFailure,
  type SentMessage,
  type TrackedMessage,
} from './ports/notify.js';
export type { RecordStore, ScheduledDeletion } from './ports/proactive.js';
export type { ProgressState, ProgressStep, ProgressView } from './ports/progress.js';
export type { ConversationReferenceStore, DedupeStore } from './ports/stores.js';
export type {
  AccessClient,
  AccessDecision,
  AccessGrant,
  AccessRequest,
  IssuedToken,
  TokenInfo,
  TokenStore,
} from './ports/tokens.js';
export { createProactive, type Proactive } from './proactive/proactive.js';
export { changedSteps, planLines, stepLine } from './progress/plan-text.js';
export {
  ACTOR_MARK,
  type ActionOutcome,
  type Audience,
  type AuditRecord,
  type PlacedOutcome,
  type PlacedReply,
  type Reply,
  type ReplyAction,
  type ReplyChart,
  type ReplyField,
  type ReplyFile,
  type ReplySection,
  type ReplyTable,
  type Visibility,
} from './reply.js';
export { chartRuns } from './spend/spend-native.js';
export { findPhoneNumber } from './values/find-number.js';
export { suggest } from './values/suggest.js';
export { tableGrid, tableLines } from './values/table-layout.js';
