// The template of a new target-settings file (command `scanTargets.newSettingsFile`), in snippet
// syntax: every property the schema requires at the top, with tab stops, and comments naming the
// common optional blocks. Field names and descriptions are read from the schema. It writes no
// schema modeline: the new file is a target-settings file by its name, and a modeline would make
// Red Hat's YAML extension validate it a second time.

import { targetSettingsNavigator } from '../schema/bundledSchema';
import { escapeSnippet } from './snippetSyntax';

/**
 * The new-file template as a snippet: `ids` with one id to type, `site` with `name` and `url`, then
 * commented-out optional blocks. Filled in with an id, a name and an absolute URL, it is valid.
 */
export function newSettingsFileTemplate(): string {
  const nav = targetSettingsNavigator();
  const root = nav.at([]);
  const site = nav.at(['site']);
  const title = (name: string): string => {
    const p = root === undefined ? undefined : nav.property(root, name);
    return p?.schema.title ?? name;
  };
  const siteTitle = (name: string): string => {
    const p = site === undefined ? undefined : nav.property(site, name);
    return p?.schema.title ?? name;
  };
  const lines = [
    '# One YAML document is one bulk update: the targets in `ids` get the settings below.',
    '# Press Ctrl+Space on an empty line for the fields that fit there; hover a field for its meaning.',
    '# A secret can be written as ${env:NAME}: it is read from the environment when the request is built.',
    '',
    `# ${title('ids')}: object ids of the targets to update (at least one).`,
    'ids:',
    '  - ${1:TARGET_ID}',
    '',
    `# ${title('site')}: ${siteTitle('name').toLowerCase()} and ${siteTitle('url')} are the usual minimum.`,
    'site:',
    '  name: ${2:My target}',
    '  url: ${3:https://www.example.com}',
    '$0',
    '# Common optional blocks (uncomment, or use completion to insert them):',
    '#',
    `#   has_basic_auth: true        # ${siteTitle('basic_auth')}`,
    '#   basic_auth:',
    '#     username: scanner',
    '#     password: ${env:SITE_PASSWORD}',
    '#     password_is_sensitive: true',
    '#',
    `#   headers:                    # ${siteTitle('headers')}`,
    '#     - name: X-Scanner',
    '#       value: scan',
    '#',
    `#   whitelist:                  # ${siteTitle('whitelist')} (relative paths)`,
    '#     - /admin/',
    '#',
    `# type: api                     # ${title('type')}: an API target also needs site.api_scan_settings`,
    '# site:',
    '#   api_scan_settings:',
    '#     api_schema_type: openapi',
    '#     api_schema_url: https://www.example.com/openapi.json',
    '#',
    `# report_type: owasp            # ${title('report_type')}`,
    `# blackout_period:              # ${title('blackout_period')}`,
    '#   begin: "22:00"',
    '#   cease: "06:00"',
    '#   weekdays: [1, 2, 3, 4, 5]',
    '',
  ];
  // Comment lines are literal text: escape snippet syntax there (`${env:...}`).
  return lines.map((l) => (l.startsWith('#') ? escapeSnippet(l) : l)).join('\n');
}
