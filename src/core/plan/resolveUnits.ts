// The units of a plan that send, each body's `${env:NAME}` placeholders resolved for this run, on
// the side that sends (the command line's apply, the editor's): a value that cannot be sent (unset,
// empty, the service's mask) is a problem of its unit, found before anything is sent or asked.
import { resolveBody, type ResolvedBody } from '../bulk/resolve';
import type { EnvLookup } from '../envPlaceholders';
import type { FileReport, PlanProblem, PlanReport, UnitReport } from './report';

export interface ResolvedUnit {
  readonly file: FileReport;
  readonly unit: UnitReport;
  readonly body: ResolvedBody;
}

export function resolveUnits(report: PlanReport, lookup: EnvLookup): { units: ResolvedUnit[]; problems: PlanProblem[] } {
  const units: ResolvedUnit[] = [];
  const problems: PlanProblem[] = [];
  for (const file of report.files) {
    for (const unit of file.units) {
      if (unit.prepared === undefined) continue;
      const resolved = resolveBody(unit.prepared, lookup);
      if (resolved.ok) units.push({ file, unit, body: resolved.body });
      else problems.push({ path: file.path, line: unit.line, column: 1, message: resolved.message });
    }
  }
  return { units, problems };
}
