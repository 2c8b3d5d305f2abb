import type { ProgressState, ProgressStep } from '../ports/progress.js';

/** The mark before a step, the same on every channel that shows a plan as text. */
export const STEP_MARK: Record<ProgressStep['status'], string> = {
  pending: '▫️',
  in_progress: '⏳',
  complete: '✅',
  error: '❌',
};

/** One step as a line of text: its mark, title and detail, each escaped by the channel's `esc`. */
export function stepLine(step: ProgressStep, esc: (text: string) => string = (t) => t): string {
  return `${STEP_MARK[step.status]} ${esc(step.title)}${step.detail ? ` — ${esc(step.detail)}` : ''}`;
}

/** A plan as text lines (docs/interface.md §5): its title in the channel's `bold`, then a line a step. */
export function planLines(
  state: ProgressState,
  format: { escape?: (text: string) => string; bold?: (text: string) => string } = {},
): string[] {
  const esc = format.escape ?? ((t: string) => t);
  const bold = format.bold ?? ((t: string) => t);
  return [bold(esc(state.title)), ...state.steps.map((s) => stepLine(s, esc))];
}

/** The steps whose status or detail changed since `before` (all of them the first time). */
export function changedSteps(state: ProgressState, before?: ProgressState): ProgressStep[] {
  return state.steps.filter((s) => {
    const old = before?.steps.find((b) => b.id === s.id);
    return !old || old.status !== s.status || old.detail !== s.detail;
  });
}
