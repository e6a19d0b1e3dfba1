// Public surface of the HTTP client (free of `vscode`).
export * from './client';
export * from './errors';
export * from './proxy';
export { Redactor, REDACTED, excerpt, sensitiveValuesOf } from '../core/redact';
export { checkBulkUpdateResponse, checkEntitlements, BULK_UPDATE_RESPONSE_SCHEMA, type CheckResult } from './responseCheck';
export { RETRY_STATUSES, backoffDelay, parseRetryAfter } from './retry';
export * from './types';
