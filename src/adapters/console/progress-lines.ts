import { changedSteps, type ProgressState, type ProgressView, stepLine } from '../../core/index.js';

/**
 * The console's rendering of the core's progress (docs/interface.md §5.4): plain lines, the plan's
 * title once, then a line for each step that changed. A terminal has no refusals, so both forms print
 * the same.
 */
export function consoleProgress(write: (line: string) => void): ProgressView {
  let shown: ProgressState | undefined;
  const print = async (state: ProgressState) => {
    if (!shown) write(state.title);
    for (const step of changedSteps(state, shown)) write(stepLine(step));
    shown = state;
  };
  return { minIntervalMs: 1000, show: print, end: print };
}
