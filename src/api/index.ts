// Public surface of the HTTP client (free of `vscode`).
export * from './client';
export * from './errors';
export * from './proxy';
export * from './types';
