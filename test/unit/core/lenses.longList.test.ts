// "Bulk update N targets" on a long `ids` list: N (the different usable ids) counted from what the
// fast path keeps of the list, at every version of an edited file, as the full parse counts it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bulkUpdateLenses } from '../../../src/core/bulk/lenses';
import { LanguageService } from '../../../src/core/service';
import { parseFile } from '../../../src/core/yaml';
import { MIN_FAST_IDS } from '../../../src/core/yaml/fastIds';
import { parsedVersions } from '../../fixtures/versions';
import { sandboxTargetIds } from '../../../src/sandbox/prng';
import { at } from '../../fixtures/at';

const URI = 'file:///work/lenses.target-settings.yaml';
const IDS = sandboxTargetIds(MIN_FAST_IDS + 200, 41);
const SITE = 'site:\n  name: Shop\n';
const list = (ids: readonly string[]): string => ids.map((id) => `  - ${id}\n`).join('');

test('the lens counts the different ids of a long list at every version of an edited file, as on the full parse', () => {
  const base = `ids:\n${list(IDS)}${SITE}`;
  const versions = [
    base,
    base.replace(`- ${at(IDS, 10)}\n`, `- ${at(IDS, 10)}\n  - ${at(IDS, 11)}\n`), // a repeat
    base.replace(`- ${at(IDS, 10)}\n`, `- ${at(IDS, 11)}\n`), // an id gone, as a repeat of another
    base.replace(`- ${at(IDS, 10)}\n`, `- !!str ${at(IDS, 10)}\n`), // an item the parse reads, holding an id the spans lose
    base.replace(`- ${at(IDS, 10)}\n`, `- !!str ${at(IDS, 10)}\n  - !!str ${at(IDS, 20)}\n  - !!str newTagged01\n`), // and repeating one they keep, and a new one
    base.replace(`- ${at(IDS, 10)}\n`, `- "  "\n  - ""\n  - 12\n  -\n`), // a blank, an empty string, a number and an empty item
    `ids:\n  # a note\n${list(IDS)}${list(IDS.slice(0, 50))}${SITE}---\nids: [${IDS.join(', ')}, ${at(IDS, 0)}]\n${SITE}`, // two documents
    base,
  ];
  const service = new LanguageService(() => 'unset');
  for (const [file, text, v] of parsedVersions(service, URI, versions)) {
    assert.ok(file.documents.get(0)?.longIdsList !== undefined, `version ${v + 1}: the fast path read the list`);
    assert.deepEqual(bulkUpdateLenses(file), bulkUpdateLenses(parseFile(text, undefined, undefined, { fastPaths: false })), `version ${v + 1}`);
  }
});
