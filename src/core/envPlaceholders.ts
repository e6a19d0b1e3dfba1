// `${env:NAME}` placeholders: a value taken from the environment when a request is built, so that
// secrets stay out of the file. One pattern for the request body, hover and the diagnostics.
//
// Two ways to ask the environment, for the two sides of the trust boundary: the language
// features (the server) ask only whether a variable is set (`EnvCheck`); only the side that sends
// the request reads values (`EnvLookup`), right before it builds each request.

/** `${env:NAME}`; NAME is a shell-style variable name. Global: use with `matchAll` or `replace`. */
export const ENV_PLACEHOLDER = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Anything that starts like a placeholder (to catch malformed ones). */
export const ENV_PLACEHOLDER_START = /\$\{env:/;

/** Where a placeholder's variable is looked up: the environment of the process that sends the request. */
export type EnvLookup = (name: string) => string | undefined;

/**
 * Whether a variable is set (to something), set but empty, or not set. Never its value.
 * `unavailable`: where the checks run there is no environment at all (an editor in a browser), so
 * no placeholder can be resolved there whatever the variable.
 */
export type EnvState = 'set' | 'empty' | 'unset' | 'unavailable';

/** Asks whether a variable is set where the checks run: what the language features may know. */
export type EnvCheck = (name: string) => EnvState;

/** The state of a value as a lookup gives it. */
export function envStateOf(value: string | undefined): EnvState {
  if (value === undefined) return 'unset';
  return value === '' ? 'empty' : 'set';
}

/** The check of a host with no environment (a browser): every variable is unavailable. */
export const noEnvironment: EnvCheck = () => 'unavailable';

/** An {@link EnvCheck} over a lookup, for the side that may read values anyway (the command line). */
export function envCheckOf(lookup: EnvLookup): EnvCheck {
  return (name) => envStateOf(lookup(name));
}
