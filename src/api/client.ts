// The client on Node, as the extension host and the command line build it: the HTTP client
// (httpClient.ts) over undici's connection pool, direct or through a proxy (transport.ts).
import { createHttpClient } from './httpClient';
import type { ApiClient, ClientOptions } from './options';
import { undiciWire } from './transport';

export { DEFAULTS, type ApiClient, type BulkUpdateOptions, type ClientOptions, type Logger, type RetryInfo, type TokenProvider } from './options';
export { assertSecureTransport, normalizeBaseUrl } from './baseUrl';
export { statusLine } from './httpText';

export function createClient(options: ClientOptions): ApiClient {
  return createHttpClient(options, undiciWire);
}
