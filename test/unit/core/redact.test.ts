import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { REDACTED, Redactor, excerpt, sensitiveValuesOf } from '../../../src/core/redact';
import { base64OfUtf8 } from '../../../src/core/base64';

describe('Redactor', () => {
  test('removes every known secret, in raw, JSON-escaped, URL-encoded and base64 form', () => {
    const secret = 'p@ss "word"/1';
    const r = new Redactor([secret]);
    const text = [secret, JSON.stringify(secret), encodeURIComponent(secret), Buffer.from(secret).toString('base64')].join(' | ');
    const out = r.redact(text);
    assert.ok(!out.includes(secret));
    assert.ok(!out.includes(encodeURIComponent(secret)));
    assert.ok(!out.includes(Buffer.from(secret).toString('base64')));
    assert.ok(!out.includes('word'));
    assert.equal(out.split(REDACTED).length - 1 >= 4, true);
  });

  test('masks credential look-alikes it was never told about', () => {
    const r = new Redactor();
    assert.equal(r.redact('Authorization: Bearer abcdef123456'), `Authorization: Bearer ${REDACTED}`);
    assert.equal(r.redact('got JWT eyJhbGciOi.eyJzdWIiOiIx.c2lnbmF0dXJl'), `got JWT ${REDACTED}`);
    assert.equal(r.redact('token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc here'), `token ${REDACTED} here`);
    assert.equal(r.redact('proxy http://user:pa55@proxy.example:8080/'), `proxy http://${REDACTED}@proxy.example:8080/`);
  });

  test('ignores empty values and keeps unrelated text', () => {
    const r = new Redactor(['', undefined, null]);
    assert.equal(r.redact('nothing secret here'), 'nothing secret here');
  });

  test('with() adds secrets without changing the parent', () => {
    const parent = new Redactor(['alpha-secret']);
    const child = parent.with(['beta-secret']);
    assert.equal(child.redact('alpha-secret beta-secret'), `${REDACTED} ${REDACTED}`);
    assert.equal(parent.redact('beta-secret'), 'beta-secret');
  });

  test('a secret inside a longer secret goes too', () => {
    const r = new Redactor(['abc-secret', 'xx-abc-secret-yy']);
    assert.equal(r.redact('xx-abc-secret-yy'), REDACTED);
  });
});

describe('short secrets and composed text', () => {
  test('in text from elsewhere, a short secret is masked where it stands alone, not inside a word or number', () => {
    const r = new Redactor(['1', 'o']);
    assert.equal(r.redact('password o rejected; 1 of 15 ids: t1, 1, o1'), 'password *** rejected; *** of 15 ids: t1, ***, o1');
  });

  test('composed text keeps its ids, counts and field names whatever the secrets', () => {
    const r = new Redactor(['1', 'o', '5000', 'report', 'tok-SECRET-4f9a1c77e2d0b3']);
    const line = 'Chunk 1/5000 (1 id): 1 of the 1 ids is not a valid target (t1o); report_type sent';
    assert.equal(r.redactComposed(line), line);
    assert.equal(r.redactComposed(`token tok-SECRET-4f9a1c77e2d0b3 leaked`), 'token *** leaked', 'a long secret is still masked');
    assert.equal(r.redactComposed('Authorization: Bearer abcdef123456'), 'Authorization: Bearer ***', 'and credential shapes');
  });
});

describe('sensitiveValuesOf', () => {
  test('finds *_is_sensitive values and always-secret keys, at any depth', () => {
    const body = {
      ids: ['a'],
      site: {
        basic_auth: { username: 'u', password: 'pw1' },
        form_login: [
          { name: 'user', value: 'visible' },
          { name: 'pass', value: 'pw2', value_is_sensitive: true },
        ],
        headers: [{ name: 'X', value: 'not-flagged', value_is_sensitive: false }],
        otp_secret: 'otp-seed',
        api_scan_settings: { api_login_payload: '{"p":"x"}', api_login_payload_is_sensitive: true },
      },
    };
    assert.deepEqual(new Set(sensitiveValuesOf(body)), new Set(['pw1', 'pw2', 'otp-seed', '{"p":"x"}']));
  });

  test('returns nothing for bodies without secrets', () => {
    assert.deepEqual(sensitiveValuesOf({ ids: ['a'], site: { name: 'n' } }), []);
    assert.deepEqual(sensitiveValuesOf(null), []);
  });
});

describe('excerpt', () => {
  test('collapses whitespace, redacts, and cuts at the limit with an ellipsis', () => {
    const r = new Redactor(['s3cr3t-value']);
    const text = `<html>\n  <body>${'x'.repeat(300)} s3cr3t-value</body></html>`;
    const out = excerpt(text, r, 50);
    assert.equal(out.length, 50);
    assert.ok(out.endsWith('…'));
    assert.ok(out.startsWith('<html> <body>'));
    assert.equal(excerpt('short s3cr3t-value', r), `short ${REDACTED}`);
  });
});

test("the base64 form of a secret is Node's, for every length and for characters beyond ASCII", () => {
  for (const text of ['', 'a', 'ab', 'abc', 'abcd', 'pässwörd', '密码-🔑', 'x'.repeat(100)]) {
    assert.equal(base64OfUtf8(text), Buffer.from(text, 'utf8').toString('base64'), JSON.stringify(text));
  }
});
