// The language server's own messages, beside the standard ones, typed once for both ends: the
// server registers its handlers with these objects and the VS Code extension sends them, so the
// method names and parameter types cannot drift apart. Any LSP client can send them by method name
// (docs show how from Neovim).
//
// Nothing in them holds a secret: a plan carries the body as the file writes it, `${env:NAME}`
// placeholders unresolved, because any client may log every message. The side that sends the
// request resolves them (core's `resolveBody`).
//
// The editor imports this file and nothing else of server/.
import { NotificationType, RequestType } from 'vscode-jsonrpc';
import type { BulkOutcomeParams } from '../core/service';
import type { RunPlanResult, RunTarget } from '../core/bulk/planRun';
import type { EntitlementsRecord } from '../core/entitlements/types';
import type { BaseText, PlanProblem, PlanReport } from '../core/plan/report';
import type { FileParseOptions } from '../core/yaml';

/**
 * The Node options the desktop extension starts the server with (the bench starts it so too). A
 * young generation of 2 MB semi-spaces, where Node's default lets them grow to 16 MB: the server
 * allocates what it keeps when a file is opened (a long list's ids) and little per keystroke, so a
 * large young generation is memory held for nothing (about 25 MB with a 100,000-id file open) and,
 * where touching fresh memory is slow, time (a quarter of that file's open on the bench's machine).
 * (Its V8 flags are set by the server's entry itself: v8Flags.ts.)
 */
export const SERVER_NODE_OPTIONS = ['--max-semi-space-size=2'];

/**
 * What the desktop extension adds to the server's environment (the bench starts it so too). One
 * malloc arena where the C library is glibc's (Linux; the variable means nothing elsewhere): by
 * default each thread that allocates gets an arena of its own, up to 8 per core, and V8's
 * background threads (concurrent marking, the optimizing compiler) keep what they freed there.
 * With 100,000 small documents open: 6-7 MB less resident at rest, 105-106 -> 97 MB after the
 * edits; keystrokes and the open no slower (the threads allocate little at a time, and glibc's
 * per-thread cache serves most of it without the arena's lock).
 */
export const SERVER_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '1' };

/**
 * How the language server parses the files open in it (the bench's in-process figures parse so
 * too): their documents read for their values first (FileParseOptions.valuesFirst).
 */
export const SERVER_PARSE_OPTIONS: FileParseOptions = { valuesFirst: true };

export interface SetEntitlementsParams {
  record: EntitlementsRecord | null;
}

/**
 * Notification, client to server: the account's entitlements record (`null`: none loaded). Files
 * get `not-entitled` warnings where they ask for something the record does not allow.
 */
export const SetEntitlements = new NotificationType<SetEntitlementsParams>('scanTargets/setEntitlements');

export interface PlanBulkUpdateParams {
  uri: string;
  /** The document version the selection offsets were computed on; the server refuses another one. */
  version: number;
  target: RunTarget;
  /** `preview`: unset `${env:NAME}` variables are marked in the preview rather than refused. Default `run`. */
  purpose?: 'run' | 'preview';
}

/**
 * Request, client to server: what a bulk update of a document would send, checked as the editor
 * checks it (ids, validation errors, `${env:NAME}` variables set, no `OBFUSCATED_` value): the
 * selection as counts, the fields that change, and the body (its ids, each once) with its
 * placeholders as written and where each placeholder and each sensitive value stands, from which
 * the client makes the masked preview (RunPlan).
 */
export const PlanBulkUpdate = new RequestType<PlanBulkUpdateParams, RunPlanResult, void>('scanTargets/planBulkUpdate');

export interface RecordBulkOutcomeParams extends BulkOutcomeParams {
  uri: string;
  /**
   * The text the run was planned on, for a file the client may not have opened yet (an apply over
   * files): the outcome is recorded on it and shown once the file is open.
   */
  text?: string;
}
export interface RecordBulkOutcomeResult {
  invalidIds: number;
  serviceErrors: number;
}

/**
 * Request, client to server: the outcome of a bulk update of a document. The ids the service
 * rejected (`invalid_ids`) become `invalid-id` errors on their items, which follow the items as the
 * file is edited (and the file when it is renamed); field errors of a 400 answer become
 * `service-validation` errors until the file changes. A client that runs the update elsewhere
 * (e.g. `scan-targets bulk-update --format json`) can send its `invalid` list with `sent: []`.
 */
export const RecordBulkOutcome = new RequestType<RecordBulkOutcomeParams, RecordBulkOutcomeResult, void>('scanTargets/recordBulkOutcome');

export interface PlanChangesParams {
  /** The target-settings files, as the client reads them now, each with its text at the base. */
  files: { uri: string; path: string; text: string; base: BaseText }[];
  /** Files deleted since the base, with their text there. */
  removed: { path: string; text: string }[];
  /** Files that could not be read. */
  problems: PlanProblem[];
  changedSince: { ref: string; commit: string } | null;
  chunkSize: number;
}

/**
 * Request, client to server: a plan over files (`scan-targets plan` in the editor): what changed
 * since the base, document by document, and every unit to send checked as a bulk update checks a
 * document. The server parses and checks; the client finds the files and reads git. Its units'
 * bodies keep their `${env:NAME}` placeholders as written.
 */
export const PlanChanges = new RequestType<PlanChangesParams, PlanReport, void>('scanTargets/planChanges');

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
