// Hover: the schema's words for the key or value under the cursor, and for a `${env:NAME}`
// placeholder whether the variable is set, never its value.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { hover } from '../../../src/core/assist/hover';
import { at } from '../../fixtures/assist/helpers';
import { envCheckOf, type EnvCheck } from '../../../src/core/envPlaceholders';

function hoverAt(source: string, isEnvSet?: EnvCheck): { markdown: string; hovered: string } | undefined {
  const { file, offset, text } = at(source);
  const r = hover(file, offset, isEnvSet);
  return r === undefined ? undefined : { markdown: r.markdown, hovered: text.slice(r.range.start, r.range.end) };
}

describe('hover on a key', () => {
  test('title, type, description, default and allowed values with their meaning', () => {
    const h = hoverAt('ids: [a]\nsite: {}\nrepo‸rt_type: pci\n')!;
    assert.equal(h.hovered, 'report_type');
    assert.match(h.markdown, /^\*\*Report type\*\* · `string`/);
    assert.match(h.markdown, /Scan report type\./);
    assert.match(h.markdown, /\*\*Default:\*\* `default`/);
    assert.match(h.markdown, /- `pci4` — PCI v4\.0\.1\./);
    assert.match(h.markdown, /- `pci` \*\(current\)\* — PCI v3\.2\.1\./);
    assert.doesNotMatch(h.markdown, /\*\*Default:\*\* `"default"`\.\n/, 'the description’s own Default paragraph is not repeated');
  });

  test('limits: lengths, ranges, pattern, format, item counts; required-ness', () => {
    assert.match(hoverAt('site:\n  basic_auth:\n    user‸name: x\n')!.markdown, /\*\*Limits:\*\* at most 255 characters/);
    assert.match(hoverAt('site:\n  basic_auth:\n    user‸name: x\n')!.markdown, /· required/);
    assert.match(hoverAt('site:\n  otp_dig‸its: 6\n')!.markdown, /from -2147483648 to 2147483647/);
    assert.match(hoverAt('labels:\n  - name: a\n    col‸or: "#fff"\n')!.markdown, /must match `\^\[a-zA-Z0-9#_-\]\*\$`/);
    assert.match(hoverAt('site:\n  u‸rl: https://x.example\n')!.markdown, /format `uri`/);
    assert.match(hoverAt('i‸ds: [a]\n')!.markdown, /\*\*Limits:\*\* at least 1 item[^s]/);
    assert.match(hoverAt('i‸ds: [a]\n')!.markdown, /\*\*Each item:\*\* not empty/);
    assert.match(hoverAt('site:\n  otp_login_sequence_totp‸_value: ""\n')!.markdown, /at most 8 characters; at least 6 characters unless empty/);
    assert.match(hoverAt('type: api\nsite:\n  api_scan_sett‸ings: {}\n')!.markdown, /required here/);
  });

  test('in a list item, in a second document, and next to a syntax error', () => {
    assert.match(hoverAt('site:\n  headers:\n    - name: a\n      val‸ue_is_sensitive: true\n')!.markdown, /^\*\*Value is sensitive\*\*/);
    assert.match(hoverAt('ids: [a]\n---\nblackout_period:\n  wee‸kdays: [1]\n')!.markdown, /list of integers/);
    const broken = hoverAt('ids: [a, b\nsite:\n  otp_algo‸rithm: SHA1\n')!;
    assert.equal(broken.hovered, 'otp_algorithm');
    assert.match(broken.markdown, /Hash algorithm for the one-time password/);
  });

  test('an unknown key says so', () => {
    assert.match(hoverAt('site:\n  colo‸ur: x\n')!.markdown, /`colour` is not a property the schema knows at site/);
  });
});

describe('hover on a value', () => {
  test('an enum value: its meaning first, then the field with the current value marked', () => {
    const h = hoverAt('ids: [a]\nsite:\n  api_scan_settings:\n    token_parameter_location: hea‸der\n')!;
    assert.equal(h.hovered, 'header');
    assert.match(h.markdown, /^`header` — The token is sent as a header\./);
    assert.match(h.markdown, /- `header` \*\(current\)\*/);
    const bad = hoverAt('report_type: ow‸asq\n')!;
    assert.match(bad.markdown, /^`owasq` is not one of the allowed values\./);
    const quoted = hoverAt('report_type: "pci‸4"\n')!;
    assert.match(quoted.markdown, /^`pci4` — PCI v4\.0\.1\./);
    const broken = hoverAt('ids: [a\nsite:\n  otp_digits: ‸7\n')!;
    assert.match(broken.markdown, /^`7` — 7 digits\./);
  });

  test('a free value is described but never repeated', () => {
    const h = hoverAt('site:\n  basic_auth:\n    password: hunt‸er2\n')!;
    assert.match(h.markdown, /Basic auth password/);
    assert.doesNotMatch(h.markdown, /hunter2/);
  });

  test('a sequence item', () => {
    const h = hoverAt('ids:\n  - 3Sy7‸TyNMnQ8x\n')!;
    assert.equal(h.hovered, '3Sy7TyNMnQ8x');
    assert.match(h.markdown, /^\*\*Target id\*\*/);
    assert.doesNotMatch(h.markdown, /3Sy7TyNMnQ8x`? —/);
  });

  test('nothing on comments and blank lines', () => {
    assert.equal(hoverAt('# repo‸rt_type\nids: [a]\n'), undefined);
    assert.equal(hoverAt('ids: [a]\n‸\nsite: {}\n'), undefined);
  });
});

describe('hover on ${env:NAME}', () => {
  const env: Record<string, string> = { SHOP_PASSWORD: 's3cr3t-value', EMPTY_ONE: '' };
  const isEnvSet = envCheckOf((name) => env[name]);

  test('set: says so, never shows the value', () => {
    const h = hoverAt('site:\n  basic_auth:\n    password: ${env:SHOP_P‸ASSWORD}\n', isEnvSet)!;
    assert.equal(h.hovered, '${env:SHOP_PASSWORD}');
    assert.match(h.markdown, /`SHOP_PASSWORD`\*\* is \*\*set\*\*/);
    assert.doesNotMatch(h.markdown, /s3cr3t/);
  });

  test('unset and empty', () => {
    assert.match(hoverAt('site:\n  basic_auth:\n    password: "${env:NOT_TH‸ERE}"\n', isEnvSet)!.markdown, /is \*\*not set\*\*/);
    assert.match(hoverAt('site:\n  headers:\n    - name: a\n      value: Bearer ${env:EMPTY_‸ONE}\n', isEnvSet)!.markdown, /is set but \*\*empty\*\*/);
  });

  test('the variable is asked about by name only, and only the one under the cursor', () => {
    const asked: string[] = [];
    hoverAt('site:\n  headers:\n    - name: a\n      value: ${env:A}-${env:B‸B}\n', (n) => {
      asked.push(n);
      return 'set';
    });
    assert.deepEqual(asked, ['BB']);
  });

  test('not in a comment', () => {
    assert.equal(hoverAt('# use ${env:SHOP_P‸ASSWORD}\nids: [a]\n', isEnvSet), undefined);
  });
});
