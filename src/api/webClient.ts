// The client in a browser, as the extension's web build makes it: the HTTP client (httpClient.ts)
// over the browser's `fetch` (fetchWire.ts). Nothing it loads needs Node; on Node the client is
// client.ts's, over undici.
import { fetchWire } from './fetchWire';
import { createHttpClient } from './httpClient';
import type { ApiClient, ClientOptions } from './options';

export type { ApiClient, ClientOptions } from './options';

export function createWebClient(options: ClientOptions): ApiClient {
  return createHttpClient(options, fetchWire);
}
