// Which proxy, if any, a request to the service goes through.
//
// The extension passes VS Code's `http.proxy` / `http.proxyStrictSSL` (and `http.noProxy`); the
// command line reads the conventional environment variables with `proxyFromEnv`. Either way the
// result is one `ProxySettings`, and `selectProxy` decides for the client's base URL: no proxy
// when none is set, when NO_PROXY matches the host, or when the host is a loopback address (a
// proxy elsewhere cannot reach this machine's 127.0.0.1, where the local sandbox listens).

export interface ProxySettings {
  /** `http://[user:pass@]host:port` (or `https://`); undefined or empty: no proxy. */
  url?: string;
  /** Verify TLS certificates (of the proxy, and of the service through it). Default true. */
  strictSSL?: boolean;
  /** Hosts that bypass the proxy: NO_PROXY syntax (comma/space-separated string) or a list. */
  noProxy?: string | readonly string[];
  /** Send loopback hosts through the proxy too (normally they bypass it). Default false. */
  proxyLoopback?: boolean;
}

export interface SelectedProxy {
  url: string;
  strictSSL: boolean;
}

/**
 * Proxy settings from the environment, as curl and most tools read them: for an https:// base
 * URL `https_proxy` / `HTTPS_PROXY`, for http:// `http_proxy` / `HTTP_PROXY`, then `all_proxy` /
 * `ALL_PROXY`; `no_proxy` / `NO_PROXY` for exclusions (lower case wins). Returns undefined when no
 * proxy applies to the scheme.
 */
export function proxyFromEnv(baseUrl: string, env: NodeJS.ProcessEnv = process.env): ProxySettings | undefined {
  let scheme: string;
  try {
    scheme = new URL(baseUrl).protocol === 'http:' ? 'http' : 'https';
  } catch {
    scheme = 'https';
  }
  const pick = (...names: string[]): string | undefined => {
    for (const name of names) {
      const value = env[name]?.trim();
      if (value) return value;
    }
    return undefined;
  };
  const url = pick(`${scheme}_proxy`, `${scheme.toUpperCase()}_PROXY`, 'all_proxy', 'ALL_PROXY');
  if (!url) return undefined;
  return {
    url: /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`,
    strictSSL: env.NODE_TLS_REJECT_UNAUTHORIZED !== '0',
    noProxy: pick('no_proxy', 'NO_PROXY') ?? '',
  };
}

/** Proxy settings as an editor configures them (VS Code's `http.proxy`, `http.proxyStrictSSL`, `http.noProxy`). */
export interface ConfiguredProxy {
  url?: string;
  strictSSL?: boolean;
  noProxy?: readonly string[];
}

/**
 * The proxy settings for requests to `baseUrl`, the same in the editor and the command line: the
 * configured proxy when there is one, else the environment's (`HTTPS_PROXY`, ...); hosts in the
 * configured no-proxy list or in `NO_PROXY` go direct either way. The command line configures nothing.
 */
export function proxySettingsFor(baseUrl: string, configured: ConfiguredProxy, env: NodeJS.ProcessEnv): ProxySettings | undefined {
  const fromEnv = proxyFromEnv(baseUrl, env);
  const url = configured.url?.trim() || fromEnv?.url;
  if (!url) return undefined;
  const envNoProxy = env.no_proxy?.trim() || env.NO_PROXY?.trim() || '';
  return {
    url,
    strictSSL: configured.strictSSL ?? fromEnv?.strictSSL ?? true,
    noProxy: [...(configured.noProxy ?? []), envNoProxy].filter((entry) => entry !== ''),
  };
}

/** The proxy to use for `targetUrl`, or undefined for a direct connection. */
export function selectProxy(targetUrl: string | URL, settings: ProxySettings | undefined): SelectedProxy | undefined {
  const proxyUrl = settings?.url?.trim();
  if (!settings || !proxyUrl) return undefined;
  const target = typeof targetUrl === 'string' ? new URL(targetUrl) : targetUrl;
  if (!settings.proxyLoopback && isLoopbackHost(target.hostname)) return undefined;
  if (matchesNoProxy(target, settings.noProxy)) return undefined;
  return { url: proxyUrl, strictSSL: settings.strictSSL ?? true };
}

interface NoProxyRule {
  /** Lower-case host or domain without brackets; `*` matches every host. */
  host: string;
  /** `.example.com`: subdomains only. */
  subdomainsOnly: boolean;
  port?: number;
  /** IPv4 CIDR block, when the entry is one. */
  cidr?: { base: number; mask: number };
}

export function parseNoProxy(value: string | readonly string[] | undefined): NoProxyRule[] {
  if (value === undefined) return [];
  const entries = typeof value === 'string' ? value.split(/[\s,]+/) : value.flatMap((v) => v.split(/[\s,]+/));
  const rules: NoProxyRule[] = [];
  for (let raw of entries) {
    raw = raw.trim().toLowerCase();
    if (raw === '') continue;
    if (raw === '*') {
      rules.push({ host: '*', subdomainsOnly: false });
      continue;
    }
    const cidr = /^(\d{1,3}(?:\.\d{1,3}){3})\/(\d{1,2})$/.exec(raw);
    if (cidr) {
      const [, address = '', prefixLength = ''] = cidr;
      const base = ipv4ToInt(address);
      const bits = Number(prefixLength);
      if (base !== undefined && bits <= 32) {
        const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
        rules.push({ host: raw, subdomainsOnly: false, cidr: { base: (base & mask) >>> 0, mask } });
      }
      continue;
    }
    let host = raw;
    let port: number | undefined;
    const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(host);
    if (bracketed) {
      const [, address = '', portText] = bracketed;
      host = address;
      port = portText === undefined ? undefined : Number(portText);
    } else {
      const hostPort = /^([^:]+):(\d+)$/.exec(host);
      if (hostPort) {
        const [, name = '', portText = ''] = hostPort;
        host = name;
        port = Number(portText);
      }
    }
    let subdomainsOnly = false;
    if (host.startsWith('*.')) host = host.slice(1);
    if (host.startsWith('.')) {
      subdomainsOnly = true;
      host = host.slice(1);
    }
    if (host === '') continue;
    rules.push({ host, subdomainsOnly, port });
  }
  return rules;
}

/**
 * NO_PROXY matching: `*` matches everything; `example.com` matches that host and its subdomains;
 * `.example.com` (or `*.example.com`) matches subdomains only; `host:port` matches that port only
 * (the scheme's default port when the URL has none); IPv4 CIDR blocks (`10.0.0.0/8`) match
 * addresses inside them; IPv6 literals may be written with or without brackets.
 */
export function matchesNoProxy(target: string | URL, noProxy: string | readonly string[] | undefined): boolean {
  const url = typeof target === 'string' ? new URL(target) : target;
  const host = stripBrackets(url.hostname.toLowerCase()).replace(/\.$/, '');
  const port = url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  for (const rule of parseNoProxy(noProxy)) {
    if (rule.host === '*') return true;
    if (rule.port !== undefined && rule.port !== port) continue;
    if (rule.cidr) {
      const ip = ipv4ToInt(host);
      if (ip !== undefined && (ip & rule.cidr.mask) >>> 0 === rule.cidr.base) return true;
      continue;
    }
    const ruleHost = rule.host.replace(/\.$/, '');
    if (!rule.subdomainsOnly && host === ruleHost) return true;
    if (host.endsWith(`.${ruleHost}`)) return true;
  }
  return false;
}

/**
 * 127.0.0.0/8, ::1 (and its IPv4-mapped form) and `localhost`. A name that merely ends in
 * `.localhost` is not: whether it reaches this machine depends on the resolver, and plain http://
 * with a token is allowed only where nothing leaves the machine.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = stripBrackets(hostname.toLowerCase()).replace(/\.$/, '');
  if (host === 'localhost') return true;
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  const v4 = /^::ffff:(.+)$/.exec(host)?.[1] ?? host;
  const ip = ipv4ToInt(v4);
  if (ip !== undefined) return ip >>> 24 === 127;
  // `::ffff:7f00:1` is how the URL parser writes ::ffff:127.0.0.1.
  const mappedHex = /^::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}$/.exec(host)?.[1];
  return mappedHex !== undefined && parseInt(mappedHex, 16) >> 8 === 127;
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

function ipv4ToInt(text: string): number | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!m) return undefined;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return undefined;
  return parts.reduce((n, part) => ((n << 8) | part) >>> 0, 0);
}

/** The proxy URL without credentials, for log lines and messages. */
export function describeProxy(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return '(unparseable proxy URL)';
  }
}
