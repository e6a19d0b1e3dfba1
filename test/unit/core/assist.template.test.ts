// The new-file template: the required fields with tab stops, comments, no schema modeline; valid
// once the tab stops are filled in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newSettingsFileTemplate } from '../../../src/core/assist/template';
import { expandSnippet, maxTabStop } from '../../../src/core/assist/snippetSyntax';
import { hasSchemaModeline } from '../../../src/core/fileMatch';
import { parseFile } from '../../../src/core/yaml/parse';
import { coreValidateText, schemaErrors } from '../../fixtures/assist/helpers';

test('the template writes no schema modeline: the new file is a target-settings file by its name, and Red Hat YAML stays out', () => {
  const text = expandSnippet(newSettingsFileTemplate());
  assert.ok(!hasSchemaModeline(text));
  assert.doesNotMatch(text, /yaml-language-server/);
});

test('filled in, the template is valid; with its sample values too', async () => {
  const template = newSettingsFileTemplate();
  assert.equal(maxTabStop(template), 3);
  assert.match(template, /\$0/);
  const fills: Record<number, string> = { 1: '3Sy7TyNMnQ8x', 2: 'Shop (staging)', 3: 'https://staging.shop.example' };
  for (const text of [expandSnippet(template, (n, d) => fills[n] ?? d), expandSnippet(template)]) {
    assert.deepEqual(schemaErrors(text), [], text);
    const doc = parseFile(text).documents.get(0);
    assert.ok(doc, 'a document');
    const value = doc.value as { ids: string[]; site: { name: string; url: string } };
    assert.equal(value.ids.length, 1);
    assert.ok(value.site.name.length > 0 && value.site.url.startsWith('https://'));
    const diagnostics = coreValidateText()(text);
    assert.deepEqual(
      diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning'),
      [],
      JSON.stringify(diagnostics),
    );
  }
});

test('the comments name the common optional blocks, and uncommented they are valid too', () => {
  const text = expandSnippet(newSettingsFileTemplate());
  for (const field of ['basic_auth', 'headers', 'whitelist', 'api_scan_settings', 'report_type', 'blackout_period', '${env:']) {
    assert.ok(text.includes(field), field);
  }
  // The indented example blocks (up to the `type: api` one) belong under site; Toggle Line
  // Comment removes `# `.
  const lines = text.split('\n');
  const from = lines.findIndex((l) => l.startsWith('# Common optional blocks'));
  const to = lines.findIndex((l) => l.startsWith('# type: api'));
  const siteBlocks = lines
    .slice(from + 1, to)
    .filter((l) => l.startsWith('#  '))
    .map((l) => l.slice(2).replace(/\s+#.*$/, ''));
  const withSite = `${lines.slice(0, from).join('\n')}\n${siteBlocks.join('\n')}\n`;
  assert.ok(siteBlocks.length >= 8);
  assert.deepEqual(schemaErrors(withSite), [], withSite);
});
