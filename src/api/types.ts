// Shapes of the two operations' requests and responses: core's, re-exported as
// the client's public surface.
export type { BulkUpdateBody, BulkUpdateResponse, BulkUpdateResult } from '../core/serviceContract';
export type { EntitlementsRecord as Entitlements } from '../core/entitlements/types';
