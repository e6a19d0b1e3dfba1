// The proxy tunnel gets a timeout of its own. undici bounds the TCP and TLS connection to the proxy
// but not the wait for the proxy's answer to CONNECT, so a proxy that accepts the connection and
// never tunnels would hold a request until the whole attempt's time runs out, and the message could
// not say where it stuck. Here the CONNECT is given up on after the connect timeout, on the
// client's clock, with an error whose code names the phase.
import { Pool, type Dispatcher } from 'undici';
import type { Clock } from '../core/clock';
import { PROXY_TUNNEL_TIMEOUT } from './attemptFailures';

class ProxyTunnelTimeout extends Error {
  readonly code = PROXY_TUNNEL_TIMEOUT;
  constructor(ms: number, cause: unknown) {
    super(`the proxy did not open a tunnel within ${ms} ms`, { cause });
  }
}

type ConnectParams = Dispatcher.ConnectOptions & { signal?: unknown };
type PromiseConnect = (params: ConnectParams) => Promise<Dispatcher.ConnectData>;

/** `ProxyAgent`'s `clientFactory`: its default pool to the proxy, with CONNECT bounded by `timeoutMs`. */
export function tunnelPoolFactory(clock: Clock, timeoutMs: number): (origin: URL, options: object) => Dispatcher {
  return (origin, options) => {
    const pool = new Pool(origin, options);
    const connect = pool.connect.bind(pool);
    const bounded: PromiseConnect = async (params) => {
      const controller = new AbortController();
      const outer = params.signal instanceof AbortSignal ? params.signal : undefined;
      const forward = (): void => controller.abort(outer?.reason);
      outer?.addEventListener('abort', forward, { once: true });
      if (outer?.aborted) forward();
      let timedOut = false;
      const cancel = clock.setTimer(timeoutMs, () => {
        timedOut = true;
        controller.abort();
      });
      try {
        return await connect({ ...params, signal: controller.signal });
      } catch (err) {
        throw timedOut ? new ProxyTunnelTimeout(timeoutMs, err) : err;
      } finally {
        cancel();
        outer?.removeEventListener('abort', forward);
      }
    };
    (pool as unknown as { connect: PromiseConnect }).connect = bounded;
    return pool;
  };
}
