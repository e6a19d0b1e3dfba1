// What plan and apply both say besides their output: the problems that stop a run, on stderr, and
// the Markdown summary appended to the GitHub Actions job summary.
import { appendFile } from 'node:fs/promises';
import { plural } from '../../core/wording';
import type { CliContext } from '../context';
import { planMarkdown } from '../../core/plan/format';
import { palette } from '../terminal';
import type { PlanReport } from '../../core/plan/report';

/** Each problem as `path:line:column: error message`, then how many, on stderr. */
export function reportProblems(report: PlanReport, ctx: CliContext): void {
  if (report.problems.length === 0) return;
  const paint = palette(ctx.colorErr);
  for (const p of report.problems) ctx.err(`${p.path}:${p.line}:${p.column}: ${paint.red('error')} ${p.message}\n`);
  ctx.err(
    `${plural(report.problems.length, 'problem')} would stop the run: nothing would be sent until ${report.problems.length === 1 ? 'it is' : 'they are'} fixed.\n`,
  );
}

/** On GitHub Actions (GITHUB_STEP_SUMMARY set), the Markdown plan, and `more` after it, appended to the job's summary. */
export async function appendStepSummary(report: PlanReport, ctx: CliContext, more = ''): Promise<void> {
  const summary = ctx.env.GITHUB_STEP_SUMMARY;
  if (summary === undefined || summary === '') return;
  try {
    await appendFile(summary, `${planMarkdown(report)}${more}`);
  } catch (err) {
    ctx.err(`scan-targets: warning: could not append to GITHUB_STEP_SUMMARY (${summary}): ${err instanceof Error ? err.message : String(err)}\n`);
  }
}
