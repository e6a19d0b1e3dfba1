// The units of a plan that send, with their placeholders resolved here (for this run only), and
// the one confirmation before any of them is sent.
import * as vscode from 'vscode';
import type { EnvLookup } from '../../core/envPlaceholders';
import type { PlanProblem, PlanReport } from '../../core/plan/report';
import { resolveUnits, type ResolvedUnit } from '../../core/plan/resolveUnits';
import { plural } from '../../core/wording';
import type { GatheredFile } from '../../repo/gather';

export interface Unit extends ResolvedUnit {
  readonly uri: vscode.Uri;
  /** The text it was planned on, for the server to record the outcome on a file not open yet. */
  readonly text: string;
}

/** The units that send, their placeholders resolved here for this run, with the file each came from. */
export function unitsToSend(report: PlanReport, files: readonly GatheredFile[], env: EnvLookup): { units: Unit[]; resolveProblems: PlanProblem[] } {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const { units, problems } = resolveUnits(report, env);
  const located = units.map((u) => {
    const gathered = byPath.get(u.file.path)!;
    return { ...u, uri: vscode.Uri.file(gathered.absolute), text: gathered.text };
  });
  return { units: located, resolveProblems: problems };
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
