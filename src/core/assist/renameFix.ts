// The unknown-property fix: rename the key to the close known name, the diagnostic's suggestion or,
// without it, the closest property the schema allows there that the mapping does not have yet.

import { isMap } from 'yaml';
import type { ParsedFile } from '../yaml/parsedFile';
import { keyName, nodeAtPath } from '../yaml/nodes';
import { targetSettingsNavigator } from '../schema/bundledSchema';
import { documentInstance } from '../schema/nodeInstance';
import { closestName } from '../wording';
import type { DiagnosticLike, Draft } from './codeActionTypes';
import type { Target } from './fixTarget';
import { textOf } from './fixText';

export function renameUnknown(file: ParsedFile, d: DiagnosticLike, t: Target): Draft[] {
  const found = t.path.length > 0 ? nodeAtPath(t.doc.document, t.path) : undefined;
  const keyRange = found?.keyRange ?? t.range;
  const name = typeof t.path[t.path.length - 1] === 'string' && found !== undefined ? String(t.path[t.path.length - 1]) : textOf(file, keyRange).trim();
  const parentPath = found !== undefined ? t.path.slice(0, -1) : t.path;
  const nav = targetSettingsNavigator();
  const loc = nav.at(parentPath, documentInstance(t.doc.document.contents));
  const parentNode = parentPath.length === 0 ? t.doc.document.contents : nodeAtPath(t.doc.document, parentPath)?.value;
  const present = new Set(isMap(parentNode) ? parentNode.items.map((p) => keyName(p.key)).filter((k): k is string => k !== undefined) : []);
  let suggestion = typeof d.data?.suggestion === 'string' ? d.data.suggestion : undefined;
  if (suggestion === undefined && loc !== undefined) {
    const candidates = nav
      .properties(loc)
      .map((p) => p.name)
      .filter((n) => !present.has(n));
    suggestion = closestName(name, candidates);
  }
  if (suggestion === undefined || suggestion === name || present.has(suggestion)) return [];
  return [
    {
      title: `Rename \`${name}\` to \`${suggestion}\``,
      diagnostic: d,
      diagnostics: [d],
      isPreferred: true,
      edits: [{ range: keyRange, newText: suggestion }],
    },
  ];
}
