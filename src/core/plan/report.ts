// What a plan over files says, as data: each YAML document of each target-settings file is one
// unit; with a base revision, only what changed since it is sent. Built by `assemblePlan` (the
// command line, and the language server for the editor), read by the formats and by the side that
// sends. Plain data that crosses the language-server protocol: it holds no resolved `${env:NAME}`
// value, and sensitive values are masked in `settings`.
import type { PreparedBody } from '../bulk/body';
import type { PlannedUnit } from './compare';

export interface UnitReport extends PlannedUnit {
  /** 1-based line where the document starts. */
  readonly line: number;
  /** Dotted names of the fields the update sets (empty when nothing is sent or the unit has a problem). */
  readonly fields: readonly string[];
  /** The settings as sent, sensitive and `${env:...}` values masked (undefined when nothing is sent or the unit has a problem). */
  readonly settings: Readonly<Record<string, unknown>> | undefined;
  /** Requests it takes (ids to send in chunks). */
  readonly requests: number;
  /** The body to send, placeholders unresolved (undefined when nothing is sent or the unit has a problem). */
  readonly prepared: PreparedBody | undefined;
}

/** How a file stood at the base: not compared (no base), absent (new), unsure, or present. */
export type BaseKind = 'none' | 'absent' | 'unsure' | 'present';

/** A file at the base as read from the repository, before it is parsed. */
export type BaseText =
  { readonly kind: 'none' } | { readonly kind: 'absent' } | { readonly kind: 'unsure' } | { readonly kind: 'present'; readonly text: string };

export interface FileReport {
  /** As people read it: relative to the folder the plan was made in, with `/`. */
  readonly path: string;
  readonly base: BaseKind;
  readonly units: readonly UnitReport[];
  readonly removedDocuments: readonly { readonly documentIndex: number; readonly ids: readonly string[] }[];
}

export interface RemovedFile {
  readonly path: string;
  readonly documents: number;
  readonly ids: number;
}

/** Something that stops the whole run before any request. Lines and columns from 1. */
export interface PlanProblem {
  readonly path: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export interface PlanReport {
  /** The revision compared with, as given, and the commit it names. */
  readonly changedSince: { readonly ref: string; readonly commit: string } | undefined;
  readonly files: readonly FileReport[];
  readonly removedFiles: readonly RemovedFile[];
  readonly problems: readonly PlanProblem[];
  readonly totals: { readonly units: number; readonly ids: number; readonly requests: number };
}
