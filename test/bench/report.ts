import { log, type Rounds } from './load';

/** A goal of issue 9: the ratio project / baseline must be at least (or at most) `limit`. */
export interface Goal {
  atLeast?: number;
  atMost?: number;
}

export interface Ratio {
  scenario: string;
  metric: string;
  unit: string;
  project: number;
  baseline: number;
  ratio: number;
  /** Absent for a reference ratio (one that explains a goal's figure but is not itself a goal). */
  goal?: Goal;
  met?: boolean;
  /** Anything that makes the numbers suspect (errors during the rounds, a failed check). */
  warnings: string[];
}

/** What a scenario hands back: its ratios, and the correctness checks that failed (they fail the run). */
export interface Outcome {
  ratios: Ratio[];
  failedChecks: string[];
}

export function ratioOf(scenario: string, metric: string, unit: string, project: number, baseline: number, goal: Goal | undefined, warnings: string[] = []): Ratio {
  const ratio = project / baseline;
  const met = goal && (goal.atLeast === undefined || ratio >= goal.atLeast) && (goal.atMost === undefined || ratio <= goal.atMost);
  return { scenario, metric, unit, project: round(project), baseline: round(baseline), ratio: round(ratio, 3), goal, met, warnings };
}

/** A ratio's warnings from its rounds: the calls that failed on each side. */
export function roundWarnings(rounds: Rounds<string>): string[] {
  const warnings: string[] = [];
  for (const [side, stats] of Object.entries(rounds)) {
    const failed = stats.reduce((sum, r) => sum + r.errors + r.non2xx, 0);
    if (failed > 0) warnings.push(`${failed} failed ${side} calls`);
  }
  return warnings;
}

/** One machine-readable line per ratio. */
export function printRatio(r: Ratio): void {
  log(JSON.stringify({ bench: 'ratio', ...r }));
}

function goalText(goal: Goal | undefined): string {
  if (!goal) return 'reference';
  return [goal.atLeast !== undefined ? `≥ ${goal.atLeast}` : '', goal.atMost !== undefined ? `≤ ${goal.atMost}` : ''].filter(Boolean).join(' and ');
}

/** The summary as a Markdown table, ready to paste into docs/benchmarks.md. */
export function printTable(ratios: Ratio[]): void {
  const rows = [
    ['Scenario', 'Metric', 'Project', 'Baseline', 'Ratio', 'Goal', 'Met'],
    ...ratios.map((r) => [
      r.scenario,
      r.metric,
      `${r.project} ${r.unit}`,
      `${r.baseline} ${r.unit}`,
      r.ratio.toFixed(2),
      goalText(r.goal),
      (r.met === undefined ? '—' : r.met ? 'yes' : 'NO') + (r.warnings.length ? ` (${r.warnings.join('; ')})` : ''),
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  log('');
  log(line(rows[0]!));
  log(`|${widths.map((w, i) => (i >= 2 && i <= 4 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`);
  for (const row of rows.slice(1)) log(line(row));
}

function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
