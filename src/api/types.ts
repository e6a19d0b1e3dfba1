// Shapes of the two operations' requests and responses (spec 2.1 to 2.5).

/** Bulk update request body (spec 2.1 to 2.3): `ids`, `site`, and the body-level settings. */
export interface BulkUpdateBody {
  ids: string[];
  site: Record<string, unknown>;
  [field: string]: unknown;
}

/** Bulk update response body (spec 2.4). */
export interface BulkUpdateResponse {
  ids: string[];
}

export interface BulkUpdateResult {
  /** The ids the service says it updated (spec 2.4), in its order. */
  ids: string[];
  /**
   * Requested ids missing from the answer. Always empty when `validateIds` is on (the service
   * answers 404 instead); with it off, these are the ids the service skipped.
   */
  notUpdated: string[];
  /** Attempts the request took (1 when it succeeded at once). */
  attempts: number;
}

// The entitlements record (spec 2.5) is core's type; the client checks responses against it.
export type { CreditsPack, EntitlementsRecord as Entitlements } from '../core/entitlements/types';
