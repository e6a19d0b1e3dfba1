// `${env:NAME}` placeholders: a value taken from the environment when a request is built, so that
// secrets stay out of the file. One pattern for the request body, hover and the diagnostics.

/** `${env:NAME}`; NAME is a shell-style variable name. Global: use with `matchAll` or `replace`. */
export const ENV_PLACEHOLDER = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Anything that starts like a placeholder (to catch malformed ones). */
export const ENV_PLACEHOLDER_START = /\$\{env:/;

/** Where a placeholder's variable is looked up: the environment the editor or command line runs in. */
export type EnvLookup = (name: string) => string | undefined;
