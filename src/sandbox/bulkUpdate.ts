// The bulk update endpoint (`POST /targets/bulk/update/`): the media type, the JSON body checked
// against the schema (400 in the service's shape), `is_id_404_validation`, and the update applied to
// the store with a record of the change. Apart from the routing, which only decides who gets here.

// Choices where the service's documentation is silent (the result when only some ids are valid
// is not shown):
// - With `is_id_404_validation=true`, any unknown id gives the custom 404 with `invalid_ids` and
//   NOTHING is applied (all or nothing).
// - Without it, the update is applied to the known ids only, and the answer is 200 with
//   `{ids}` listing exactly the ids updated (the unknown ones are left out). This is what a
//   `filter(id__in=ids).update(...)` service would do, and it lets a client tell which ids were
//   skipped by comparing the lists.
// - A repeated id is applied once and listed once.
// - Unknown fields are refused (400), as the schema has `additionalProperties: false`.
// - Keys that name prototype properties (`__proto__`, `constructor`, `prototype`, `toString`...),
//   at any depth, are unknown fields like any other: the same 400 under their own path
//   (`{"site": {"__proto__": ["Unknown field: ..."]}}`), nothing applied. Refusing them the way the
//   sandbox refuses every other field it does not know keeps one rule for the client to meet, and
//   every object of the body schema is closed, so no accepted body holds one. They stay inert on
//   the way: `JSON.parse` makes them own keys, the error tree is built from null-prototype objects
//   (drfErrors.ts), the settings are copied with `Object.fromEntries` and `structuredClone` (both
//   define keys), and the store defines fields instead of assigning them (store.ts).
//
// The request's media type, as the service's framework (Django REST framework, with its JSON
// parser only) reads it: the body is parsed when the Content-Type's type is `application/json`,
// compared without letter case and whatever its parameters (`; charset=utf-8`), each half also
// matching `*` as the framework's media type match does. Anything else, a missing type included,
// is a 415 naming the header exactly as sent: `Unsupported media type "text/plain" in request.`
// (`""` when missing). An empty body is not parsed at all: the framework reads it as no data,
// whatever its type, so it gets the 400 of the missing required fields.
import type * as http from 'node:http';
import { targetSettingsValidate } from '../core/schema/validators';
import { drfErrorsFromAjv, nonFieldErrors } from './drfErrors';
import { json, type Answer } from './httpAnswer';
import { applySettings } from './store';
import type { ChangeRecord, TargetRecord } from './types';

/** Whether the framework's JSON parser takes a body of this Content-Type. */
function isJsonMediaType(contentType: string): boolean {
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  const slash = type.indexOf('/');
  const main = slash < 0 ? type : type.slice(0, slash);
  const sub = slash < 0 ? '' : type.slice(slash + 1);
  return (main === 'application' || main === '*') && (sub === 'json' || sub === '*');
}

export function bulkUpdate(n: number, req: http.IncomingMessage, url: URL, raw: Buffer, store: Map<string, TargetRecord>, changes: ChangeRecord[]): Answer {
  const contentType = req.headers['content-type'] ?? '';
  let body: unknown = {};
  if (raw.length > 0) {
    if (!isJsonMediaType(contentType)) return json(415, { detail: `Unsupported media type "${contentType}" in request.` });
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch (err) {
      return json(400, nonFieldErrors(`JSON parse error - ${err instanceof Error && err.message !== '' ? err.message : 'invalid JSON'}`));
    }
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    const got = body === null ? 'NoneType' : Array.isArray(body) ? 'list' : typeof body === 'string' ? 'str' : typeof body === 'number' ? 'int' : 'bool';
    return json(400, nonFieldErrors(`Invalid data. Expected a dictionary, but got ${got}.`));
  }
  // The body schema's validator, generated at build time (core/schema/validators.ts).
  const validate = targetSettingsValidate;
  if (!validate(body)) return json(400, drfErrorsFromAjv(validate.errors ?? [], body));

  const record = body as Record<string, unknown> & { ids: string[] };
  const validateIds = ['true', 'True', '1', 'yes'].includes(url.searchParams.get('is_id_404_validation') ?? '');
  const ids = [...new Set(record.ids)];
  const unknown = ids.filter((id) => !store.has(id));
  if (unknown.length > 0 && validateIds) {
    // The custom 404 with `invalid_ids`; all or nothing: nothing is applied.
    return json(404, { detail: 'Not found.', is_id_404_validation: true, invalid_ids: unknown });
  }
  const known = ids.filter((id) => store.has(id));
  // Defined keys only (no assignment), so a `__proto__` key would stay a key; see the top of the file.
  const settings = structuredClone(Object.fromEntries(Object.entries(record).filter(([k]) => k !== 'ids')));
  applySettings(store, known, settings);
  if (known.length > 0) changes.push({ request: n, ids: known, fields: Object.keys(settings), settings, validateIds });
  return json(200, { ids: known });
}
