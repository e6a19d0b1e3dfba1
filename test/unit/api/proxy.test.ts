import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isLoopbackHost, matchesNoProxy, proxyFromEnv, proxySettingsFor, selectProxy } from '../../../src/api/proxy';

describe('NO_PROXY matching', () => {
  const cases: [string, string, boolean][] = [
    ['https://api.example.com/v1', '*', true],
    ['https://api.example.com/v1', 'example.com', true],
    ['https://example.com/v1', 'example.com', true],
    ['https://notexample.com/v1', 'example.com', false],
    ['https://api.example.com/v1', '.example.com', true],
    ['https://example.com/v1', '.example.com', false],
    ['https://api.example.com/v1', '*.example.com', true],
    ['https://API.Example.COM/v1', 'api.example.com', true],
    ['https://api.example.com/v1', 'other.org, api.example.com', true],
    ['https://api.example.com/v1', 'other.org api.example.com', true],
    ['https://api.example.com/v1', 'api.example.com:443', true],
    ['https://api.example.com/v1', 'api.example.com:8443', false],
    ['https://api.example.com:8443/v1', 'api.example.com:8443', true],
    ['http://api.example.com/v1', 'api.example.com:80', true],
    ['https://10.1.2.3/v1', '10.0.0.0/8', true],
    ['https://11.1.2.3/v1', '10.0.0.0/8', false],
    ['https://192.168.1.20/v1', '192.168.1.20', true],
    ['https://[2001:db8::1]/v1', '2001:db8::1', true],
    ['https://[2001:db8::1]:8443/v1', '[2001:db8::1]:8443', true],
    ['https://api.example.com/v1', '', false],
    ['https://api.example.com/v1', ' , ', false],
  ];
  for (const [url, noProxy, expected] of cases) {
    test(`${url} with NO_PROXY="${noProxy}" -> ${expected ? 'direct' : 'proxy'}`, () => {
      assert.equal(matchesNoProxy(url, noProxy), expected);
    });
  }

  test('accepts a list (VS Code http.noProxy)', () => {
    assert.equal(matchesNoProxy('https://a.internal/x', ['.internal', 'other']), true);
    assert.equal(matchesNoProxy('https://a.external/x', ['.internal', 'other']), false);
  });
});

describe('loopback detection', () => {
  for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', 'localhost.', '[::1]', '::1', '[::ffff:7f00:1]']) {
    test(`${host} is loopback`, () => assert.equal(isLoopbackHost(host), true));
  }
  for (const host of [
    '128.0.0.1',
    'example.invalid',
    'localhost.example.com',
    'app.localhost',
    'evil.localhost.',
    '127.0.0.1.nip.io',
    '[::2]',
    '10.0.0.1',
    '0.0.0.0',
  ]) {
    test(`${host} is not loopback`, () => assert.equal(isLoopbackHost(host), false));
  }
});

describe('proxyFromEnv', () => {
  test('https targets use https_proxy / HTTPS_PROXY, lower case first', () => {
    const env = { HTTPS_PROXY: 'http://upper:3128', https_proxy: 'http://lower:3128', HTTP_PROXY: 'http://plain:3128', NO_PROXY: 'internal' };
    assert.deepEqual(proxyFromEnv('https://api.example.com/v1', env), { url: 'http://lower:3128', strictSSL: true, noProxy: 'internal' });
  });

  test('http targets use HTTP_PROXY; a bare host:port gets http://', () => {
    assert.equal(proxyFromEnv('http://127.0.0.1:1/api', { HTTP_PROXY: 'proxy.corp:8080' })?.url, 'http://proxy.corp:8080');
  });

  test('ALL_PROXY is the fallback; nothing set gives undefined', () => {
    assert.equal(proxyFromEnv('https://a/v1', { ALL_PROXY: 'http://all:1' })?.url, 'http://all:1');
    assert.equal(proxyFromEnv('https://a/v1', { HTTP_PROXY: 'http://only-http:1' }), undefined);
    assert.equal(proxyFromEnv('https://a/v1', {}), undefined);
  });

  test('NODE_TLS_REJECT_UNAUTHORIZED=0 turns strictSSL off', () => {
    assert.equal(proxyFromEnv('https://a/v1', { HTTPS_PROXY: 'http://p:1', NODE_TLS_REJECT_UNAUTHORIZED: '0' })?.strictSSL, false);
  });
});

describe('selectProxy', () => {
  test('no proxy URL: direct', () => {
    assert.equal(selectProxy('https://api.example.com', undefined), undefined);
    assert.equal(selectProxy('https://api.example.com', { url: '  ' }), undefined);
  });

  test('a proxy applies unless NO_PROXY matches', () => {
    assert.deepEqual(selectProxy('https://api.example.com', { url: 'http://p:3128' }), { url: 'http://p:3128', strictSSL: true });
    assert.equal(selectProxy('https://api.example.com', { url: 'http://p:3128', noProxy: 'example.com' }), undefined);
    assert.deepEqual(selectProxy('https://api.example.com', { url: 'http://p:3128', strictSSL: false }), { url: 'http://p:3128', strictSSL: false });
  });

  test('loopback targets bypass the proxy unless proxyLoopback is set', () => {
    assert.equal(selectProxy('http://127.0.0.1:8080/api', { url: 'http://p:3128' }), undefined);
    assert.ok(selectProxy('http://127.0.0.1:8080/api', { url: 'http://p:3128', proxyLoopback: true }));
  });
});

describe('proxySettingsFor: the same rules in the editor and the command line', () => {
  const env = { HTTPS_PROXY: 'http://env-proxy:3128', NO_PROXY: 'internal.example' };
  test('the configured proxy wins; the environment is the fallback', () => {
    assert.equal(proxySettingsFor('https://api.example.com/v1', { url: 'http://vscode-proxy:8080' }, env)?.url, 'http://vscode-proxy:8080');
    assert.equal(proxySettingsFor('https://api.example.com/v1', {}, env)?.url, 'http://env-proxy:3128');
    assert.equal(proxySettingsFor('https://api.example.com/v1', {}, {}), undefined);
  });
  test('both no-proxy lists apply, whichever proxy is used', () => {
    const settings = proxySettingsFor('https://api.example.com/v1', { url: 'http://vscode-proxy:8080', noProxy: ['.corp.example'] }, env);
    assert.equal(selectProxy('https://api.corp.example/v1', settings), undefined);
    assert.equal(selectProxy('https://internal.example/v1', settings), undefined);
    assert.equal(selectProxy('https://api.example.com/v1', settings)?.url, 'http://vscode-proxy:8080');
  });
  test('strict certificate checks follow http.proxyStrictSSL when configured', () => {
    assert.equal(proxySettingsFor('https://api.example.com/v1', { strictSSL: false }, env)?.strictSSL, false);
    assert.equal(proxySettingsFor('https://api.example.com/v1', {}, env)?.strictSSL, true);
  });
});
