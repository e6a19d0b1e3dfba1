// The language server's own messages, beside the standard ones. Any LSP client can send them
// (the README shows how from Neovim); the VS Code extension is one such client.
//
// Types only, plus the method names: the editor imports this file and nothing else of server/.
import type { BulkOutcomeParams } from '../core/service';
import type { RunPlanResult, RunTarget } from '../core/bulk/planRun';
import type { EntitlementsRecord } from '../core/entitlements/types';

/**
 * Notification, client to server: the account's entitlements record (`null`: none loaded). Files
 * get `not-entitled` warnings where they ask for something the record does not allow.
 */
export const SET_ENTITLEMENTS = 'scanTargets/setEntitlements';
export interface SetEntitlementsParams {
  record: EntitlementsRecord | null;
}

/**
 * Request, client to server: what a bulk update of a document would send, checked as the editor
 * checks it (ids, validation errors, `${env:NAME}`, `OBFUSCATED_` values). `version` is the
 * document version the selection offsets were computed on; the server answers an error when it
 * holds another one.
 */
export const PLAN_BULK_UPDATE = 'scanTargets/planBulkUpdate';
export interface PlanBulkUpdateParams {
  uri: string;
  version: number;
  target: RunTarget;
  /** `preview`: unset `${env:NAME}` variables are marked in the preview rather than refused. Default `run`. */
  purpose?: 'run' | 'preview';
}
export type PlanBulkUpdateResult = RunPlanResult;

/**
 * Request, client to server: the outcome of a bulk update of a document. The ids the service
 * rejected (`invalid_ids`) become `invalid-id` errors on their items, which follow the items as the
 * file is edited; field errors of a 400 answer become `service-validation` errors until the file
 * changes. A client that runs the update elsewhere (e.g. `scan-targets bulk-update --format json`)
 * can send its `invalid` list with `sent: []`.
 */
export const RECORD_BULK_OUTCOME = 'scanTargets/recordBulkOutcome';
export interface RecordBulkOutcomeParams extends BulkOutcomeParams {
  uri: string;
}
export interface RecordBulkOutcomeResult {
  invalidIds: number;
  serviceErrors: number;
}

/** The settings the server reads with `workspace/configuration` (section `scanTargets`). */
export interface ServerSettings {
  /** Globs of target-settings files (matched against the file's path). */
  files: string[];
  validation: {
    severity: Record<string, 'error' | 'warning' | 'information' | 'hint' | 'off'>;
    maxProblems: number;
    debounceMs: number;
    maxFileSizeMB: number;
  };
  entitlements: { checks: boolean };
  /** Whether documents get the "Bulk update N targets" / "Preview" lenses above `ids:`. */
  codeLens: { enabled: boolean };
}
