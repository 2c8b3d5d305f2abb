import { failed, inForms } from '../delivery/send-forms.js';
import type { Platform } from '../identity.js';
import type { CoreLogger } from '../logs/logger.js';
import { errorSummary } from '../logs/safe-error.js';
import type { Language } from '../messages.js';
import type { ReplyForm } from '../ports/channel.js';
import type { CoreMetrics } from '../ports/metrics.js';
import type { Progress, ProgressState, ProgressStep, ProgressView } from '../ports/progress.js';

/** What the throttle needs besides the view: the clock, and where a failed send is reported. */
export interface ProgressDeps {
  readonly platform: Platform;
  readonly language: Language;
  readonly clock: () => Date;
  readonly logger: CoreLogger;
  readonly metrics?: CoreMetrics | undefined;
}

/** Reports nothing: a channel without a view (MCP), or a command run without one. */
export const noProgress: Progress = {
  start() {},
  step() {},
  async done() {},
  async fail() {},
  stopped: () => false,
};

/**
 * The core's progress (ports/progress.ts, docs/interface.md §5), throttled here once for every
 * channel: an update goes out when the view's interval passed since the last one and none is in
 * flight; otherwise it waits as the latest state, sent with the next update or the end (no timers).
 * Sends go in order, one at a time. The first send goes in the core's order of forms (send-forms.ts):
 * the view's native form, then after a refusal the plain edited message, which later sends keep. A
 * send that fails for good, or is `unknown`, ends the progress quietly: the job and its answer go on.
 */
export function throttledProgress(view: ProgressView | undefined, deps: ProgressDeps): Progress {
  if (!view) return noProgress;
  let state: ProgressState = { title: '', steps: [], phase: 'running', language: deps.language };
  let form: ReplyForm | 'off' | undefined;
  let lastAt = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<void> | undefined;

  const send = async (end: boolean): Promise<void> => {
    if (form === 'off') return;
    const shown = state;
    const call = (f: ReplyForm) => (end ? view.end(shown, f) : view.show(shown, f));
    const forms: ReplyForm[] = form ? [form] : ['rich', 'plain'];
    const tried = await inForms(
      deps,
      { platform: deps.platform, primitive: 'progress', forms },
      async (f) => {
        await call(f);
        return f;
      },
    );
    form = failed(tried) ? 'off' : tried;
  };
  const flush = (end: boolean): Promise<void> => {
    lastAt = deps.clock().getTime();
    const run: Promise<void> = send(end)
      .catch((error: unknown) => {
        form = 'off';
        deps.logger.warn({ err: errorSummary(error) }, 'progress: a view failed; the job goes on without it');
      })
      .finally(() => {
        if (inFlight === run) inFlight = undefined;
      });
    inFlight = run;
    return run;
  };
  // The latest state waits while a send is in flight or the interval has not passed.
  const maybeFlush = () => {
    if (inFlight === undefined && deps.clock().getTime() - lastAt >= view.minIntervalMs) void flush(false);
  };
  const finish = async (phase: 'done' | 'failed') => {
    await inFlight;
    state = { ...state, phase };
    await flush(true);
  };
  return {
    start(title, steps) {
      state = { ...state, title, steps: steps.map((s) => ({ ...s, status: 'pending' as const })) };
      maybeFlush();
    },
    step(id, status, detail) {
      state = { ...state, steps: state.steps.map((s) => (s.id === id ? withStatus(s, status, detail) : s)) };
      maybeFlush();
    },
    done: () => finish('done'),
    fail: () => finish('failed'),
    stopped: () => view.stopped?.() ?? false,
  };
}

function withStatus(
  s: ProgressStep,
  status: ProgressStep['status'],
  detail: string | undefined,
): ProgressStep {
  return detail === undefined ? { ...s, status } : { ...s, status, detail };
}
