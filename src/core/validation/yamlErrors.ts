// YAML-level findings: syntax errors and warnings of the `yaml` package in words for people,
// duplicate keys, tab indentation, aliases and alias bombs.

import { isMap, isNode, isScalar, type YAMLError } from 'yaml';
import { findAliases, keyName, pathAtOffset } from '../yaml/nodes';
import { MAX_ALIAS_COUNT, type OffsetRange, type ParsedDocument } from '../yaml/parsedDocument';
import type { ParsedFile } from '../yaml/parsedFile';
import { formatFieldPath, type PathSegment } from '../paths';
import type { DiagnosticCode } from './codes';
import type { Finding } from './finding';

/** Offsets of an error, widened to at least one character where the text allows. */
function errorOffsets(file: ParsedFile, e: YAMLError): OffsetRange {
  let [start, end] = e.pos;
  const text = file.source;
  start = Math.max(0, Math.min(start, text.length));
  end = Math.max(start, Math.min(end, text.length));
  if (end === start) {
    const c = text.charAt(start);
    if (c !== '' && c !== '\n' && c !== '\r') {
      end = start + 1;
    } else {
      // At the end of a line or of the text: mark the last character before it.
      let s = start;
      while (s > 0 && (text.charAt(s - 1) === '\n' || text.charAt(s - 1) === '\r')) {
        s--;
      }
      if (s > 0) {
        start = s - 1;
        end = s;
      }
    }
  }
  // A range of only indentation is moved to the token that follows it on the line.
  if (/^[ ]+$/.test(text.slice(start, end))) {
    let s = end;
    while (text.charAt(s) === ' ') {
      s++;
    }
    if (s < text.length && !'\r\n#'.includes(text.charAt(s))) {
      let stop = s;
      while (stop < text.length && !' \t\r\n:,[]{}'.includes(text.charAt(stop))) {
        stop++;
      }
      return { start: s, end: Math.max(stop, s + 1) };
    }
  }
  return { start, end };
}

function pathAt(doc: ParsedDocument | undefined, offset: number): PathSegment[] {
  if (doc === undefined) {
    return [];
  }
  return pathAtOffset(doc.document, offset)?.path ?? [];
}

/** The words of a `yaml` error for people (without line/column, which the range shows). */
function describeYamlError(e: YAMLError): string {
  const raw = e.message.replace(/ at line \d+, column \d+:[\s\S]*$/, '').trim();
  switch (e.code) {
    case 'UNEXPECTED_TOKEN': {
      if (/^Unexpected scalar at node end/.test(raw)) {
        return 'YAML syntax error: unexpected text after a complete value (is a line break, a colon or a quote missing?)';
      }
      const quoted = /: ("(?:[^"\\]|\\.)*")$/.exec(raw)?.[1];
      if (quoted !== undefined) {
        const shown = JSON.parse(quoted) as string;
        const [firstLine = ''] = shown.split('\n');
        return `YAML syntax error: unexpected ${JSON.stringify(firstLine.length > 40 ? `${firstLine.slice(0, 39)}…` : firstLine)} here (check the indentation and the colons of this line)`;
      }
      return `YAML syntax error: ${lowerFirst(raw)}`;
    }
    case 'MISSING_CHAR':
      if (/^Implicit map keys need to be followed by map values/.test(raw)) {
        return 'YAML syntax error: a key without a colon; write key: value (or - item in a list)';
      }
      return `YAML syntax error: ${lowerFirst(raw)}`;
    case 'MULTILINE_IMPLICIT_KEY':
      return 'YAML syntax error: a key must fit on one line (is a colon missing on the line above, or the line indented wrongly?)';
    case 'BAD_INDENT':
      return `YAML indentation error: ${lowerFirst(raw)}`;
    case 'BAD_SCALAR_START':
      return `YAML syntax error: ${lowerFirst(raw)}; put the value in quotes`;
    case 'BAD_DQ_ESCAPE':
      return `YAML syntax error: ${lowerFirst(raw)}; inside double quotes write a backslash as \\\\ (or use single quotes)`;
    case 'RESOURCE_EXHAUSTION':
      return 'The document is nested too deeply to be read';
    default:
      return `YAML syntax error: ${lowerFirst(raw)}`;
  }
}

function lowerFirst(s: string): string {
  return /^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;
}

/** The findings for one YAML error or warning of a document (or of a file without documents). */
export function yamlErrorFinding(file: ParsedFile, doc: ParsedDocument | undefined, e: YAMLError): Finding {
  const offsets = errorOffsets(file, e);
  if (e.name === 'YAMLWarning') {
    return {
      code: 'yaml-warning',
      message: `YAML: ${e.message.replace(/ at line \d+, column \d+:[\s\S]*$/, '').trim()}`,
      path: pathAt(doc, offsets.start),
      anchor: 'offsets',
      offsets,
    };
  }
  if (e.code === 'DUPLICATE_KEY') {
    return duplicateKey(file, doc, offsets);
  }
  if (e.code === 'TAB_AS_INDENT') {
    // Mark the whole indentation of the line, so a fix can replace it.
    const line = file.positionAt(offsets.start).line;
    const lineStart = file.lineStart(line);
    let end = lineStart;
    while (file.source.charAt(end) === ' ' || file.source.charAt(end) === '\t') {
      end++;
    }
    const whole = end > lineStart && offsets.start >= lineStart && offsets.start < end;
    return {
      code: 'yaml-tab-indent',
      message: 'Tabs cannot indent YAML; indent with spaces',
      path: pathAt(doc, end),
      anchor: 'offsets',
      offsets: whole ? { start: lineStart, end } : offsets,
    };
  }
  const code: DiagnosticCode = 'yaml-syntax';
  const unclosed = e.code === 'MISSING_CHAR' ? /^Missing closing (["'])quote/.exec(e.message) : null;
  if (unclosed && doc !== undefined) {
    // Mark the quoted value from its opening quote.
    const at = pathAtOffset(doc.document, offsets.start);
    const r = isScalar(at?.node) ? at.node.range : undefined;
    return {
      code,
      message: `YAML syntax error: this quoted value has no closing ${unclosed[1]}`,
      path: at?.path ?? [],
      anchor: 'offsets',
      offsets: r ? { start: r[0], end: Math.max(r[1], offsets.end) } : offsets,
    };
  }
  return { code, message: describeYamlError(e), path: pathAt(doc, offsets.start), anchor: 'offsets', offsets };
}

function duplicateKey(file: ParsedFile, doc: ParsedDocument | undefined, offsets: OffsetRange): Finding {
  const at = doc === undefined ? undefined : pathAtOffset(doc.document, offsets.start);
  const path = at?.path ?? [];
  const name = path.length > 0 ? path[path.length - 1] : undefined;
  let firstLine: number | undefined;
  let keyRange = offsets;
  if (at !== undefined && at.kind === 'key' && isMap(at.parent) && typeof name === 'string') {
    const firstKey = at.parent.items.find((p) => keyName(p.key) === name)?.key;
    const r = isNode(firstKey) ? firstKey.range : undefined;
    if (r && r[0] !== offsets.start) {
      firstLine = file.positionAt(r[0]).line;
    }
    const kr = at.node?.range;
    if (kr) {
      keyRange = { start: kr[0], end: kr[1] };
    }
  }
  const field = name === undefined ? 'This key' : formatFieldPath(path);
  const where = firstLine === undefined ? '' : ` (first on line ${firstLine + 1})`;
  return {
    code: 'duplicate-key',
    message: `${field} appears more than once in the same mapping${where}; only the last value would be sent, remove the others`,
    path,
    anchor: 'offsets',
    offsets: keyRange,
    data: firstLine === undefined ? undefined : { firstLine },
  };
}

/** `yaml-alias` warnings for each alias, or one `yaml-alias-limit` error for an alias bomb. */
export function aliasFindings(doc: ParsedDocument): Finding[] {
  const aliases = findAliases(doc.document);
  if (doc.valueError?.kind === 'alias-limit') {
    const first = aliases[0];
    const r = first?.node.range;
    return [
      {
        code: 'yaml-alias-limit',
        message: `This document's aliases expand to more than ${MAX_ALIAS_COUNT} copies (a "billion laughs" pattern); it is not validated and cannot be sent. Write the values out instead of nesting aliases`,
        path: first?.path ?? [],
        anchor: r ? 'offsets' : 'value',
        offsets: r ? { start: r[0], end: r[1] } : undefined,
      },
    ];
  }
  return aliases.map(({ path, node }): Finding => {
    const r = node.range!;
    const source = (node as { source?: string }).source ?? '';
    return {
      code: 'yaml-alias',
      message: `${formatFieldPath(path)} is an alias (*${source}) of a value anchored elsewhere; the copy is what is sent. Consider writing the value out so each document reads on its own`,
      path,
      anchor: 'offsets',
      offsets: { start: r[0], end: r[1] },
    };
  });
}
