// `validate --format sarif`: valid against the official SARIF 2.1.0 schema (the one
// @microsoft/jest-sarif ships, read with the draft-04 Ajv it ships), with what GitHub code
// scanning reads: the tool's version, one rule per code with help text and a default level, one
// result per problem with a 1-based region on a path relative to the working directory, and what
// --max-problems left out or a file that could not be read as notifications.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { version } from '../../../package.json';
import { DIAGNOSTIC_CODES } from '../../../src/core/validation/codes';
import { ROOT, assertBuilt, fixture, runCli, tempDir } from './helpers';

interface Region {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}
interface Sarif {
  version: string;
  runs: Array<{
    tool: { driver: { name: string; version: string; rules: Array<{ id: string; help: { text: string }; defaultConfiguration: { level: string } }> } };
    invocations: Array<{ toolExecutionNotifications: Array<{ level: string; message: { text: string } }> }>;
    results: Array<{
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: Array<{ physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: Region } }>;
    }>;
  }>;
}

type Validate = ((data: unknown) => boolean) & { errors?: unknown };

function sarifValidator(): Validate {
  /* eslint-disable @typescript-eslint/no-require-imports -- the schema's own draft-04 validator, as the package uses it */
  const Ajv = require('@microsoft/jest-sarif/node_modules/ajv') as new (options: object) => {
    addMetaSchema(schema: object): void;
    compile(schema: object): Validate;
  };
  const ajv = new Ajv({ schemaId: 'auto', validateSchema: false, allErrors: true });
  ajv.addMetaSchema(require('@microsoft/jest-sarif/node_modules/ajv/lib/refs/json-schema-draft-04.json') as object);
  return ajv.compile(require('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json') as object);
  /* eslint-enable @typescript-eslint/no-require-imports */
}

test('SARIF 2.1.0 that the official schema accepts, with rules, help, levels and 1-based regions', async () => {
  assertBuilt();
  const file = path.relative(ROOT, fixture('errors.target-settings.yaml'));
  const r = await runCli(['validate', '--format', 'sarif', file]);
  assert.equal(r.code, 1, r.stderr);
  const sarif = JSON.parse(r.stdout) as Sarif;
  const validate = sarifValidator();
  assert.ok(validate(sarif), JSON.stringify(validate.errors, null, 2));

  assert.equal(sarif.version, '2.1.0');
  const run = sarif.runs[0]!;
  assert.equal(run.tool.driver.name, 'scan-targets');
  assert.equal(run.tool.driver.version, version);
  for (const [code, info] of Object.entries(DIAGNOSTIC_CODES)) {
    const rule = run.tool.driver.rules.find((ru) => ru.id === code);
    assert.ok(rule, code);
    assert.ok(rule.help.text.includes(info.description), code);
    const severity: string = info.defaultSeverity;
    assert.equal(rule.defaultConfiguration.level, severity === 'information' || severity === 'hint' ? 'note' : severity);
  }

  // The same problems as the text format, at the same 1-based places.
  const text = await runCli(['validate', file]);
  const lines = text.stdout.trimEnd().split('\n').slice(0, -1);
  assert.equal(run.results.length, lines.length);
  run.results.forEach((result, i) => {
    const [, line, column, , code] = /^.+:(\d+):(\d+): (\w+) (\S+) /.exec(lines[i]!)!;
    const location = result.locations[0]!.physicalLocation;
    assert.deepEqual(location.artifactLocation, { uri: 'test/fixtures/cli/errors.target-settings.yaml', uriBaseId: '%SRCROOT%' });
    assert.equal(location.region.startLine, Number(line));
    assert.equal(location.region.startColumn, Number(column));
    assert.equal(result.ruleId, code);
    assert.equal(run.tool.driver.rules[result.ruleIndex]!.id, code);
  });
});

test('what --max-problems leaves out and an unreadable file are notifications; the output stays valid', async () => {
  const tmp = tempDir();
  try {
    // The error that site is missing, and 11 repeats of the first id: 12 problems.
    const many = tmp.file('many.target-settings.yaml', ['ids:', ...Array.from({ length: 12 }, () => '  - 3Sy7TyNMnQ8x'), ''].join('\n'));
    const r = await runCli(['validate', '--format', 'sarif', '--max-problems', '5', many, path.join(tmp.dir, 'missing.target-settings.yaml')]);
    assert.equal(r.code, 2, 'an unreadable file is a usage error, as in the other formats');
    const sarif = JSON.parse(r.stdout) as Sarif;
    assert.ok(sarifValidator()(sarif));
    const run = sarif.runs[0]!;
    assert.equal(run.results.length, 5);
    const notes = run.invocations[0]!.toolExecutionNotifications;
    assert.deepEqual(
      notes.map((n) => n.level),
      ['note', 'error'],
    );
    assert.match(notes[0]!.message.text, /and 7 more problems in this file not shown/);
  } finally {
    tmp.remove();
  }
});
