// Checks of the client's configuration made before any network access: a usable base URL, no
// token over plain http:// to a host that is not this machine, and auth header and scheme words
// that can go into an HTTP header.
import { ApiError } from './errors';
import { isLoopbackHost } from './proxy';

/**
 * `https://host/v1///` -> `https://host/v1`. Throws a 'configuration' ApiError for anything that
 * is not an absolute http(s) URL without query, fragment or credentials.
 */
export function normalizeBaseUrl(raw: string): URL {
  const text = raw.trim().replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ApiError('configuration', "The API base URL is not a valid URL. Set it to the service's address, for example https://api.example.com/v1.");
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ApiError(
      'configuration',
      `The API base URL must start with https:// (found ${url.protocol}//). Set it to the service's address, for example https://api.example.com/v1.`,
    );
  }
  if (url.username || url.password) {
    throw new ApiError(
      'configuration',
      'The API base URL must not contain a user name or password; the API token is sent in a header. Remove the credentials from the URL.',
    );
  }
  if (url.search || url.hash) {
    throw new ApiError('configuration', 'The API base URL must not contain a query (?...) or a fragment (#...). Remove it and try again.');
  }
  return url;
}

/**
 * A token goes over plain http:// only to a loopback address (the local sandbox): anywhere else
 * anyone on the network path could read it. Throws 'insecure-transport' otherwise.
 */
export function assertSecureTransport(url: URL): void {
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new ApiError(
      'insecure-transport',
      `Refusing to send the API token to ${url.host} over plain http://: anyone on the network path could read it. ` +
        'Use an https:// base URL. Plain http:// is accepted only for loopback addresses (127.0.0.1, ::1, localhost), such as the local sandbox. Nothing was sent.',
      { attempts: 0 },
    );
  }
}

const HTTP_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Throws a 'configuration' ApiError when the header name or the scheme word cannot go into a header. */
export function assertAuthWords(authHeader: string, authScheme: string): void {
  if (!HTTP_TOKEN.test(authHeader)) {
    throw new ApiError('configuration', 'The authentication header name is not a valid HTTP header name. Set it to a name such as Authorization.');
  }
  if (!HTTP_TOKEN.test(authScheme)) {
    throw new ApiError('configuration', 'The authentication scheme must be a single word such as JWT, Bearer or Token.');
  }
}
