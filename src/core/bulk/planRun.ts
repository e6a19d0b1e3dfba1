// Everything a bulk update checks before it sends, in order, for both front ends: which ids
// (selection or explicit), no validation errors in that document, the body (every `${env:NAME}`
// variable set, nothing obfuscated). Either a plan or one refusal that says what to do. The plan
// holds no resolved value: the side that sends resolves it (`resolveBody`) right before sending.
import type { CoreDiagnostic } from '../diagnostic';
import type { ParsedFile } from '../yaml';
import { plural } from '../wording';
import type { EnvCheck } from '../envPlaceholders';
import { changedFields, prepareDocumentBody, type PreparedBody } from './body';
import { bodyRefusal, type BodyProblem } from './bodyProblems';
import { idsForDocument, idsForSelections, type IdSelection, type IdSelectionRefusal, type TextSelection } from './selection';

export type RunTarget =
  /** The editor: the ids the selections touch (or, with no selection, the document under the cursor). */
  | { readonly selections: readonly TextSelection[] }
  /** Programmatic use and the command line: one document, optionally only some of its ids. */
  | { readonly documentIndex: number; readonly ids?: readonly string[] };

/**
 * A plan goes from the language server to the editor as JSON: it carries the ids to send once
 * (`prepared.ids`), and what the confirmation says of the selection, not its items (a whole
 * document of 100,000 ids selected made a plan of 13 MB). The preview is made from `prepared`
 * when asked for (`previewJson`).
 */
export interface RunPlan {
  readonly selection: SelectionSummary;
  readonly prepared: PreparedBody;
  /** Dotted names of the fields the update sets. */
  readonly fields: readonly string[];
  /** Warnings of the document, shown but not blocking. */
  readonly warnings: number;
}

/** Which rule chose the ids, in which document, how many items and how many of them repeats (sent once). */
export type SelectionSummary = Pick<IdSelection, 'documentIndex' | 'rule' | 'count' | 'duplicateCount'>;

/**
 * Why a run was refused, with what the front end needs to say so in its own terms (`message` is
 * the editor's sentence): the selection's refusal, the document's errors, the body's problems, and
 * the ids that were selected (none of them was sent).
 */
export type RunRefusal =
  | { readonly ok: false; readonly reason: 'selection'; readonly message: string; readonly documentIndex?: number; readonly selection: IdSelectionRefusal }
  | {
      readonly ok: false;
      readonly reason: 'validation';
      readonly message: string;
      readonly documentIndex: number;
      readonly ids: readonly string[];
      readonly errors: readonly CoreDiagnostic[];
    }
  | {
      readonly ok: false;
      readonly reason: 'body';
      readonly message: string;
      readonly documentIndex: number;
      readonly ids: readonly string[];
      readonly problems: readonly BodyProblem[];
    };

export type RunPlanResult = { readonly ok: true; readonly plan: RunPlan } | RunRefusal;

/**
 * @param diagnostics the validation diagnostics of the file (errors block the run, warnings don't).
 * @param purpose `preview`: unset `${env:NAME}` variables are marked in the preview instead of
 *   refused (the plan's `prepared.missingEnv` names them; such a plan must not be sent).
 */
export function planRun(
  file: ParsedFile,
  target: RunTarget,
  env: EnvCheck,
  diagnostics: readonly CoreDiagnostic[],
  purpose: 'run' | 'preview' = 'run',
): RunPlanResult {
  const selection = 'selections' in target ? idsForSelections(file, target.selections) : idsForDocument(file, target.documentIndex, target.ids);
  if (!selection.ok) return { ok: false, reason: 'selection', message: selection.error, documentIndex: selection.documentIndex, selection };
  const documentIndex = selection.documentIndex;

  const ofDocument = diagnostics.filter((d) => d.document === documentIndex);
  const errors = ofDocument.filter((d) => d.severity === 'error');
  const [first] = errors;
  if (first !== undefined) {
    const where = `line ${first.range.start.line + 1}`;
    return {
      ok: false,
      reason: 'validation',
      documentIndex,
      ids: selection.uniqueIds,
      errors,
      message: `Nothing was sent: the document has ${plural(errors.length, 'validation error')} (first, ${where}: ${first.message}). Fix ${errors.length === 1 ? 'it' : 'them'} (see Problems) and run the bulk update again.`,
    };
  }

  const prepared = prepareDocumentBody(file, documentIndex, selection.uniqueIds, env, { allowMissingEnv: purpose === 'preview' });
  if (!prepared.ok) {
    return { ok: false, reason: 'body', documentIndex, ids: selection.uniqueIds, problems: prepared.problems, message: bodyRefusal(prepared.problems) };
  }
  const { rule, count, duplicateCount } = selection;
  return {
    ok: true,
    plan: {
      selection: { documentIndex, rule, count, duplicateCount },
      prepared: prepared.body,
      fields: changedFields(prepared.body.settings),
      warnings: ofDocument.filter((d) => d.severity === 'warning').length,
    },
  };
}
