// The units of a plan that send, with their placeholders resolved here (for this run only), and
// the one confirmation before any of them is sent.
import * as vscode from 'vscode';
import { resolveBody, type ResolvedBody } from '../../core/bulk/resolve';
import type { FileReport, PlanProblem, PlanReport, UnitReport } from '../../core/plan/report';
import { plural } from '../../core/wording';
import type { GatheredFile } from '../../repo/gather';

export interface Unit {
  readonly file: FileReport;
  readonly unit: UnitReport;
  readonly uri: vscode.Uri;
  readonly text: string;
  readonly body: ResolvedBody;
}

/** The units that send, their placeholders resolved; a value that cannot be sent is a problem of its unit. */
export function resolveUnits(report: PlanReport, files: readonly GatheredFile[]): { units: Unit[]; resolveProblems: PlanProblem[] } {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const units: Unit[] = [];
  const resolveProblems: PlanProblem[] = [];
  for (const file of report.files) {
    const gathered = byPath.get(file.path)!;
    for (const unit of file.units) {
      if (unit.prepared === undefined) continue;
      const resolved = resolveBody(unit.prepared, (name) => process.env[name]);
      if (!resolved.ok) resolveProblems.push({ path: file.path, line: unit.line, column: 1, message: resolved.message });
      else units.push({ file, unit, uri: vscode.Uri.file(gathered.absolute), text: gathered.text, body: resolved.body });
    }
  }
  return { units, resolveProblems };
}

export async function confirmUnits(plan: PlanReport, units: readonly Unit[], baseUrl: string): Promise<boolean> {
  const { ids, requests } = plan.totals;
  const SHOWN = 10;
  const removed = plan.removedFiles.length > 0 || plan.files.some((f) => f.removedDocuments.length > 0 || f.units.some((u) => u.removed.length > 0));
  const detail = [
    ...units.slice(0, SHOWN).map(({ file, unit }) => `${file.path}, document ${unit.documentIndex + 1}: ${plural(unit.send.length, 'id')} (${unit.change})`),
    units.length > SHOWN ? `… and ${units.length - SHOWN} more documents: see the plan.` : '',
    removed ? 'Removed ids, documents and files are listed in the plan and not sent: a bulk update cannot take settings back.' : '',
    `The requests go to ${baseUrl}.`,
  ]
    .filter(Boolean)
    .join('\n');
  const apply = `Apply ${plural(units.length, 'Document')}`;
  const choice = await vscode.window.showWarningMessage(
    `Send ${plural(units.length, 'bulk update')} (${plural(ids, 'id')}, ${plural(requests, 'request')})?`,
    { modal: true, detail },
    apply,
  );
  return choice === apply;
}
