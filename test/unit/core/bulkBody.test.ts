// Request body building: settings without ids, placeholders left as written by the plan and
// resolved only by `resolveBody` (and their failures), masking for the preview, the OBFUSCATED_
// refusal, the changed fields.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFile, type ParsedDocument } from '../../../src/core/yaml';
import { envCheckOf, noEnvironment } from '../../../src/core/envPlaceholders';
import { bodyRefusal } from '../../../src/core/bulk/bodyProblems';
import {
  MASK,
  changedFields,
  findObfuscated,
  findSensitivePaths,
  maskBody,
  planRun,
  prepareBody,
  prepareDocumentBody,
  previewJson,
  resolveBody,
  type BodyProblem,
  type PreparedBody,
  type PrepareResult,
  type ResolvedBody,
} from '../../../src/core/bulk';

const SHOP_PASSWORD = 'env-SECRET-shop-7f3a9c';
const API_PASSWORD = 'env-SECRET-api-1b2c3d';
const REPORT = 'pci4';
const HEADER_VALUE = 'inline-SENSITIVE-hdr-42';
const OTP = 'inline-SENSITIVE-otp-JBSWY3DP';
const PAYLOAD_SECONDARY = 'inline-SENSITIVE-secondary-99';
const COOKIE_VALUE = 'inline-SENSITIVE-cookie-77';
const FORM_VALUE = 'inline-SENSITIVE-form-55';
const PARAM_VALUE = 'inline-SENSITIVE-param-66';
const PLAIN_BASIC_PASSWORD = 'inline-basic-password-no-flag';

const ENV: Record<string, string> = {
  SHOP_BASIC_PASSWORD: SHOP_PASSWORD,
  ORDERS_API_PASSWORD: API_PASSWORD,
  REPORT_TYPE: REPORT,
};
const lookup = (name: string): string | undefined => ENV[name];
/** What the language server may know: whether each variable is set. */
const env = envCheckOf(lookup);

const DOC = `ids:
  - aaa111
  - bbb222
  - aaa111
site:
  name: Shop \${env:REPORT_TYPE} edition
  url: https://staging.shop.example
  has_basic_auth: true
  basic_auth:
    username: scanner
    password: \${env:SHOP_BASIC_PASSWORD}
    password_is_sensitive: true
  headers:
    - name: X-Api-Key
      value: ${HEADER_VALUE}
      value_is_sensitive: true
    - name: X-Plain
      value: visible-header
  cookies:
    - name: session
      value: ${COOKIE_VALUE}
      value_is_sensitive: true
  form_login:
    - name: user
      value: ${FORM_VALUE}
      value_is_sensitive: true
  otp_secret: ${OTP}
  api_scan_settings:
    api_login_payload: '{"username": "scanner", "password": "\${env:ORDERS_API_PASSWORD}"}'
    api_login_payload_is_sensitive: true
    api_login_payload_secondary: ${PAYLOAD_SECONDARY}
    api_login_payload_secondary_is_sensitive: true
    custom_api_parameters:
      - name: tenant
        value: ${PARAM_VALUE}
        value_is_sensitive: true
report_type: \${env:REPORT_TYPE}
blackout_period:
  begin: "22:00"
  cease: "06:00"
  weekdays: [1, 2]
`;

const SECRETS = [SHOP_PASSWORD, API_PASSWORD, HEADER_VALUE, OTP, PAYLOAD_SECONDARY, COOKIE_VALUE, FORM_VALUE, PARAM_VALUE];

function prepared(result: PrepareResult): PreparedBody {
  if (!result.ok) assert.fail(`refused: ${result.problems.map((p) => p.message).join(' | ')}`);
  return result.body;
}

/** The body as the side that sends has it, asserted to resolve. */
function resolved(body: PreparedBody, from: (name: string) => string | undefined = lookup): ResolvedBody {
  const result = resolveBody(body, from);
  if (!result.ok) assert.fail(`refused: ${result.message}`);
  return result.body;
}

/** The first problem of a refused result, asserted to be a refusal with a problem. */
function firstProblem(result: PrepareResult, message?: string): BodyProblem {
  if (result.ok) assert.fail(`expected a refusal${message === undefined ? '' : `: ${message}`}`);
  const problem = result.problems[0];
  assert.ok(problem, message ?? 'a problem');
  return problem;
}

/** The first document of `text` parsed, asserted to be there. */
function firstDocument(text: string): ParsedDocument {
  const doc = parseFile(text).documents.get(0);
  assert.ok(doc, 'a document');
  return doc;
}

/** The value at a dotted path (`site.headers.0.value`). */
function at(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o === null || typeof o !== 'object' ? undefined : (o as Record<string, unknown>)[k]), value);
}

function assertNoSecret(text: string, secrets: readonly string[] = SECRETS): void {
  for (const s of secrets) assert.ok(!text.includes(s), `a secret leaked into: ${text.slice(0, 200)}`);
}

describe('prepareBody', () => {
  const file = parseFile(DOC);
  const doc = file.documents.get(0);
  assert.ok(doc, 'a document');

  test('the prepared settings are the document without ids, in document order, placeholders as written; ids once each', () => {
    const body = prepared(prepareBody(doc.value, ['aaa111', 'bbb222', 'aaa111'], env));
    assert.deepEqual(Object.keys(body.settings), ['site', 'report_type', 'blackout_period']);
    assert.deepEqual(body.ids, ['aaa111', 'bbb222']);
    assert.equal(at(body.settings, 'site.basic_auth.password'), '${env:SHOP_BASIC_PASSWORD}');
    assert.equal(body.settings.report_type, '${env:REPORT_TYPE}');
    for (const s of [SHOP_PASSWORD, API_PASSWORD]) assert.ok(!JSON.stringify(body).includes(s), 'no resolved value in what may cross the protocol');
  });

  test('resolveBody replaces every placeholder; the ids and the rest stay as prepared', () => {
    const body = resolved(prepared(prepareBody(doc.value, ['aaa111', 'bbb222', 'aaa111'], env)));
    assert.deepEqual(Object.keys(body.settings), ['site', 'report_type', 'blackout_period']);
    assert.deepEqual(body.ids, ['aaa111', 'bbb222']);
    const site = body.settings.site as Record<string, unknown>;
    assert.equal(site.name, `Shop ${REPORT} edition`);
    assert.equal((site.basic_auth as Record<string, unknown>).password, SHOP_PASSWORD);
    assert.equal((site.api_scan_settings as Record<string, unknown>).api_login_payload, `{"username": "scanner", "password": "${API_PASSWORD}"}`);
    assert.equal(body.settings.report_type, REPORT);
  });

  test('resolved values are never written back: the parsed value, the prepared body and the text keep the placeholders', () => {
    const body = prepared(prepareBody(doc.value, ['aaa111'], env));
    resolved(body);
    const value = doc.value as { site: { basic_auth: { password: string } } };
    assert.equal(value.site.basic_auth.password, '${env:SHOP_BASIC_PASSWORD}');
    assert.equal(at(body.settings, 'site.basic_auth.password'), '${env:SHOP_BASIC_PASSWORD}');
    assert.ok(!file.text.includes(SHOP_PASSWORD));
  });

  test('preparing never reads a value: only whether each variable is set', () => {
    const asked: string[] = [];
    prepared(
      prepareBody(doc.value, ['aaa111'], (name) => {
        asked.push(name);
        return 'set';
      }),
    );
    assert.deepEqual([...new Set(asked)].sort(), ['ORDERS_API_PASSWORD', 'REPORT_TYPE', 'SHOP_BASIC_PASSWORD']);
  });

  test("secretValues holds every env value and sensitive value, for the client's redactor", () => {
    const body = resolved(prepared(prepareBody(doc.value, ['aaa111'], env)));
    for (const s of SECRETS)
      assert.ok(
        body.secretValues.some((v) => v.includes(s)),
        `missing ${s}`,
      );
    assert.ok(body.secretValues.includes(REPORT));
    assert.ok(!body.secretValues.includes('visible-header'));
  });

  test('env uses record the path, the variables and the written template', () => {
    const body = prepared(prepareBody(doc.value, ['aaa111'], env));
    assert.deepEqual(
      body.envUses.map((u) => [u.path.join('.'), u.names.join(',')]),
      [
        ['site.name', 'REPORT_TYPE'],
        ['site.basic_auth.password', 'SHOP_BASIC_PASSWORD'],
        ['site.api_scan_settings.api_login_payload', 'ORDERS_API_PASSWORD'],
        ['report_type', 'REPORT_TYPE'],
      ],
    );
  });
});

describe('sensitive values and the masked preview', () => {
  const doc = firstDocument(DOC);
  const body = prepared(prepareBody(doc.value, ['aaa111', 'bbb222'], env));

  test('every kind of sensitive field is found', () => {
    assert.deepEqual(
      findSensitivePaths(body.settings)
        .map((p) => p.join('.'))
        .sort(),
      [
        'site.api_scan_settings.api_login_payload',
        'site.api_scan_settings.api_login_payload_secondary',
        'site.api_scan_settings.custom_api_parameters.0.value',
        'site.basic_auth.password',
        'site.cookies.0.value',
        'site.form_login.0.value',
        'site.headers.0.value',
        'site.otp_secret',
      ],
    );
  });

  test('basic_auth.password and otp_secret are sensitive even without a flag; a value without its flag is not', () => {
    const paths = findSensitivePaths({
      site: { basic_auth: { username: 'u', password: PLAIN_BASIC_PASSWORD }, otp_secret: 'x', headers: [{ name: 'a', value: 'b', value_is_sensitive: false }] },
    }).map((p) => p.join('.'));
    assert.deepEqual(paths.sort(), ['site.basic_auth.password', 'site.otp_secret']);
  });

  test('maskBody hides every sensitive and env-resolved value and keeps the rest exact', () => {
    const masked = maskBody(body);
    const json = JSON.stringify(masked);
    assertNoSecret(json);
    assert.ok(!json.includes(`Shop ${REPORT}`), 'an env-resolved value (not sensitive) is still hidden');
    assert.equal(at(masked, 'site.basic_auth.password'), MASK);
    assert.equal(at(masked, 'site.headers.0.value'), MASK);
    assert.equal(at(masked, 'site.headers.1.value'), 'visible-header');
    assert.equal(at(masked, 'site.otp_secret'), MASK);
    assert.equal(at(masked, 'site.api_scan_settings.api_login_payload'), MASK, 'sensitive wins over env');
    assert.equal(at(masked, 'site.name'), 'Shop <from ${env:REPORT_TYPE}> edition');
    assert.equal(masked.report_type, '<from ${env:REPORT_TYPE}>');
    assert.deepEqual(masked.ids, ['aaa111', 'bbb222']);
    assert.deepEqual(masked.blackout_period, { begin: '22:00', cease: '06:00', weekdays: [1, 2] });
    assert.equal(at(masked, 'site.basic_auth.password_is_sensitive'), true);
  });

  test('the preview JSON is the masked body, pretty-printed; the body itself is untouched', () => {
    const text = previewJson(body, ['only-one']);
    assertNoSecret(text);
    assert.deepEqual((JSON.parse(text) as { ids: unknown }).ids, ['only-one']);
    assert.equal(at(body.settings, 'site.headers.0.value'), HEADER_VALUE);
  });
});

describe('refusals', () => {
  test('a missing variable stops the build and names the variable and the field; every missing one is listed', () => {
    const text = 'ids: [a]\nsite:\n  name: x\n  basic_auth:\n    username: u\n    password: ${env:NOPE_PASSWORD}\nreport_type: ${env:NOPE_REPORT}\n';
    const file = parseFile(text);
    const result = prepareDocumentBody(file, 0, ['a'], env);
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.deepEqual(
      result.problems.map((p) => [p.code, p.variable, p.pointer]),
      [
        ['missing-env', 'NOPE_PASSWORD', '/site/basic_auth/password'],
        ['missing-env', 'NOPE_REPORT', '/report_type'],
      ],
    );
    const problem = firstProblem(result);
    assert.match(problem.message, /environment variable NOPE_PASSWORD used in `site\.basic_auth\.password` \(\$\{env:NOPE_PASSWORD\}\) is not set/);
    assert.doesNotMatch(problem.message, /Nothing was sent/, 'the refusal says it once, for every problem');
    const range = problem.range!;
    assert.equal(text.slice(range.start, range.end), '${env:NOPE_PASSWORD}');
  });

  test('an empty variable is refused too (CI systems give unset secrets as empty strings)', () => {
    const result = prepareBody({ ids: ['a'], site: { name: '${env:EMPTY}' } }, ['a'], (n) => (n === 'EMPTY' ? 'empty' : 'unset'));
    const problem = firstProblem(result);
    assert.equal(problem.code, 'empty-env');
    assert.match(problem.message, /EMPTY .* is empty/);
  });

  test('the side that sends refuses once, naming every variable, when one is unset or empty where it runs', () => {
    const body = prepared(prepareBody(firstDocument(DOC).value, ['a'], env));
    const result = resolveBody(body, (name) => (name === 'REPORT_TYPE' ? '' : undefined));
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.equal(result.message.split('Nothing was sent').length - 1, 1, result.message);
    assert.match(result.message, /The environment variables REPORT_TYPE, SHOP_BASIC_PASSWORD, ORDERS_API_PASSWORD are not set, or empty/);
    assert.deepEqual(
      result.problems.map((p) => [p.code, p.pointer]),
      [
        ['empty-env', '/site/name'],
        ['missing-env', '/site/basic_auth/password'],
        ['missing-env', '/site/api_scan_settings/api_login_payload'],
        ['empty-env', '/report_type'],
      ],
    );
  });

  test('where there is no environment (a browser), the plan refuses once, naming every placeholder, and says where it can be sent', () => {
    const result = prepareBody(firstDocument(DOC).value, ['a'], noEnvironment);
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.deepEqual(
      result.problems.map((p) => [p.code, p.variable]),
      [
        ['no-environment', 'REPORT_TYPE'],
        ['no-environment', 'SHOP_BASIC_PASSWORD'],
        ['no-environment', 'ORDERS_API_PASSWORD'],
        ['no-environment', 'REPORT_TYPE'],
      ],
    );
    const message = bodyRefusal(result.problems);
    assert.equal(message.split('no environment variables').length - 1, 1, message);
    assert.match(
      message,
      /^Nothing was sent\. This document uses \$\{env:REPORT_TYPE\}, \$\{env:SHOP_BASIC_PASSWORD\}, \$\{env:ORDERS_API_PASSWORD\}, and an editor in a browser/,
    );
    assert.match(message, /VS Code on the desktop, or with the scan-targets command line/);
    assert.doesNotMatch(message, /restart VS Code/);
  });

  test('a malformed placeholder is refused rather than sent literally', () => {
    for (const bad of ['${env:}', '${env:MY-VAR}', '${env:OPEN', 'x ${env:9LIVES} y']) {
      const result = prepareBody({ site: { name: bad } }, ['a'], env);
      assert.equal(firstProblem(result, bad).code, 'malformed-env', bad);
    }
  });

  test('messages of env problems never hold a value, even with other variables resolved', () => {
    const result = prepareBody(
      { site: { name: '${env:SHOP_BASIC_PASSWORD}-${env:MISSING}', basic_auth: { username: 'u', password: '${env:ORDERS_API_PASSWORD}' } } },
      ['a'],
      env,
    );
    assert.equal(result.ok, false);
    assertNoSecret(JSON.stringify(result));
  });

  test('OBFUSCATED_ values are refused wherever they are, with their paths and without the mask itself in the message', () => {
    const value = {
      ids: ['a'],
      site: {
        name: 'x',
        basic_auth: { username: 'u', password: 'OBFUSCATED_5f4dcc3b5aa765d61d8327deb882cf99' },
        headers: [
          { name: 'a', value: 'ok' },
          { name: 'b', value: 'OBFUSCATED_abc' },
        ],
        api_scan_settings: { api_login_payload: 'OBFUSCATED_zzz' },
      },
    };
    assert.deepEqual(
      findObfuscated(value).map((p) => p.join('.')),
      ['site.basic_auth.password', 'site.headers.1.value', 'site.api_scan_settings.api_login_payload'],
    );
    const result = prepareBody(value, ['a'], env);
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.deepEqual(
      result.problems.map((p) => p.code),
      ['obfuscated', 'obfuscated', 'obfuscated'],
    );
    assert.match(firstProblem(result).message, /`site\.basic_auth\.password` holds a masked secret .*would replace the real secret with the mask/);
    assert.ok(!JSON.stringify(result).includes('5f4dcc3b'));
  });

  test('an OBFUSCATED_ value coming from a variable is refused when it is resolved, without quoting it', () => {
    const otp = (n: string): string | undefined => (n === 'OTP' ? 'OBFUSCATED_secretish' : undefined);
    const body = prepared(prepareBody({ site: { name: 'x', otp_secret: '${env:OTP}' } }, ['a'], envCheckOf(otp)));
    const result = resolveBody(body, otp);
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.deepEqual(
      result.problems.map((p) => [p.code, p.pointer]),
      [['obfuscated', '/site/otp_secret']],
    );
    assert.ok(!JSON.stringify(result).includes('secretish'));
  });

  test('a mask is found wherever it stands in a value and in any letter case', () => {
    const value = {
      site: {
        name: 'Shop',
        headers: [{ name: 'Authorization', value: 'Bearer OBFUSCATED_5f4dcc3b' }],
        api_scan_settings: { api_login_payload: '{"user": "a", "password": "obfuscated_9a8b"}' },
        basic_auth: { username: 'u', password: 'Obfuscated_ABC' },
      },
    };
    assert.deepEqual(
      findObfuscated(value).map((p) => p.join('.')),
      ['site.headers.0.value', 'site.api_scan_settings.api_login_payload', 'site.basic_auth.password'],
    );
  });

  test('the word alone, with no hash after it, is not a mask', () => {
    assert.deepEqual(findObfuscated({ site: { name: 'values shown as OBFUSCATED_ are masks', scope: 'obfuscated' } }), []);
  });

  test('a document that is not a mapping', () => {
    const result = prepareBody(['a', 'b'], ['a'], env);
    assert.equal(firstProblem(result).code, 'not-a-mapping');
  });
});

describe('changedFields', () => {
  test('site fields one by one (the service merges site), other fields whole, in document order', () => {
    const body = prepared(prepareBody(firstDocument(DOC).value, ['a'], env));
    assert.deepEqual(changedFields(body.settings), [
      'site.name',
      'site.url',
      'site.has_basic_auth',
      'site.basic_auth',
      'site.headers',
      'site.cookies',
      'site.form_login',
      'site.otp_secret',
      'site.api_scan_settings',
      'report_type',
      'blackout_period',
    ]);
  });

  test('plain settings work too; ids is never a field; odd keys are quoted', () => {
    assert.deepEqual(changedFields({ ids: ['a'], site: { 'odd key': 1 }, fail_fast: false }), ['site["odd key"]', 'fail_fast']);
    assert.deepEqual(changedFields({ site: {} }), []);
  });
});

describe('a preview of a file whose variables are not set', () => {
  const text = [
    'ids: [a]',
    'site:',
    '  name: x',
    '  basic_auth:',
    '    username: u',
    '    password: ${env:NOPE_PASSWORD}',
    '    password_is_sensitive: true',
    '  headers:',
    '    - name: Authorization',
    '      value: Bearer ${env:NOPE_TOKEN}',
    '    - name: X-Shop',
    '      value: ${env:SHOP_BASIC_PASSWORD}',
    '',
  ].join('\n');

  test('shows where each unset variable stands, masks what is set, and names the unset ones', () => {
    const result = prepareDocumentBody(parseFile(text), 0, ['a'], env, { allowMissingEnv: true });
    assert.equal(result.ok, true);
    if (!result.ok) return;
    assert.deepEqual(result.body.missingEnv, ['NOPE_PASSWORD', 'NOPE_TOKEN']);
    const shown = maskBody(result.body) as { site: { basic_auth: { password: string }; headers: Array<{ value: string }> } };
    assert.equal(shown.site.basic_auth.password, '<not set: ${env:NOPE_PASSWORD}>', 'a sensitive value with nothing set has nothing to hide');
    assert.equal(shown.site.headers[0]?.value, 'Bearer <not set: ${env:NOPE_TOKEN}>');
    assert.equal(shown.site.headers[1]?.value, '<from ${env:SHOP_BASIC_PASSWORD}>');
    assert.ok(!previewJson(result.body).includes(SHOP_PASSWORD));
  });

  test('the run refuses once, naming every unset variable in one sentence', () => {
    const refused = planRun(parseFile(text), { documentIndex: 0 }, env, []);
    assert.equal(refused.ok, false);
    if (refused.ok) return;
    assert.equal(refused.message.split('Nothing was sent').length - 1, 1, refused.message);
    assert.match(refused.message, /The environment variables NOPE_PASSWORD, NOPE_TOKEN are not set/);
    const previewed = planRun(parseFile(text), { documentIndex: 0 }, env, [], 'preview');
    assert.equal(previewed.ok, true);
  });
});
