// Messages between the extension host and the language worker. Plain data only: whatever
// crosses is copied by structured clone.

export interface SyncDocument {
  uri: string;
  version: number;
  /** Sent once per version; later requests on the same version leave it out. */
  text?: string;
}

export interface WorkerRequest {
  id: number;
  method: string;
  document?: SyncDocument;
  params?: unknown;
  /** Requests of the same `supersedeKey` still queued when a newer one arrives are answered `superseded`. */
  supersedeKey?: string;
}

export type WorkerResponse =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; superseded?: boolean; error: string };
