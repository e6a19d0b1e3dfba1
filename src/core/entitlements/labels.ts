// Readable labels for entitlement field names: a table for the names a generic rule would render
// badly, and a snake_case -> Sentence case fallback that knows the common abbreviations.

/** Labels for fields whose name does not read well once its prefix is dropped. */
const LABELS: Readonly<Record<string, string>> = {
  // Features
  allow_create_and_destroy_targets: 'Create and destroy targets',
  verify_target_ownership: 'Target ownership verification',
  allow_bulk_scan: 'Bulk scans',
  allow_bulk: 'Bulk updates',
  allow_pause_and_resume_scan: 'Pause and resume scans',
  allow_partial_scan: 'Partial scans',
  allow_scanning_2fa_targets: 'Scanning 2FA targets',
  allow_scanning_agent: 'Scanning agents',
  allow_target_import_export: 'Target import and export',
  allow_bola: 'BOLA testing',
  allow_self_findings_review: 'Self-review of findings',
  allow_message_signature: 'Message signatures',
  allow_ai_scanning_enhancements_switch: 'AI scanning enhancements switch',
  allow_buying_credits: 'Buying credits',
  allow_ultd_change: 'Unlimited targets change',
  allow_dynamic_idp_roles_mapping: 'Dynamic IdP roles mapping',
  // Integrations (neutral words stand in for vendor names)
  allow_vuln_manager: 'Vulnerability manager',
  allow_collections: 'API request collections',
  is_vendor_customer: 'Vendor customer',
  // Limits
  max_scan_number: 'Scans',
  max_ultd_targets: 'Unlimited targets',
  spa_limit: 'SPAs',
  scanning_agent_limit: 'Scanning agents',
  number_unused_slots: 'Unused slots',
  credits_hourly_cost: 'Hourly cost (credits)',
  credits_cap: 'Credits cap',
  credits_lightning_cost: 'Lightning cost (credits)',
  credits_auth_cost: 'Authentication cost (credits)',
  allowed_monthly_promotional_credits: 'Monthly promotional credits',
  number_available_ultd_targets_minus_team_quotas: 'Unlimited targets available after team quotas',
  max_scan_freq: 'Scan frequency',
  // Allowed values
  allowed_builtin_scan_profiles: 'Built-in scan profiles',
  allowed_builtin_roles: 'Built-in roles',
};

/** Words written in a fixed case wherever they appear. */
const WORDS: Readonly<Record<string, string>> = {
  sso: 'SSO',
  api: 'API',
  ai: 'AI',
  '2fa': '2FA',
  mtls: 'mTLS',
  mle: 'MLE',
  idp: 'IdP',
  cdn: 'CDN',
  sast: 'SAST',
  bola: 'BOLA',
  spa: 'SPA',
  url: 'URL',
  id: 'ID',
  ids: 'IDs',
  otp: 'OTP',
  devops: 'DevOps',
  ultd: 'unlimited',
  freq: 'frequency',
  vuln: 'vulnerability',
};

/**
 * A label for a field name: from the table, or built from the name with its `allow_` /
 * `allowed_` / `max_` / `is_` prefix and `_limit` suffix dropped. A trailing single letter (the
 * neutral vendor words `_a`, `_b`, `_c`) is upper-cased.
 */
export function labelForField(field: string): string {
  const known = LABELS[field];
  if (known !== undefined) return known;
  const stripped = field.replace(/^(allowed_|allow_|max_|is_)/, '').replace(/_limit$/, '');
  const words = (stripped || field).split('_').filter((w) => w !== '');
  const rendered = words.map((word, index) => {
    const fixed = WORDS[word.toLowerCase()];
    if (fixed !== undefined) return fixed;
    if (word.length === 1 && index > 0 && index === words.length - 1) return word.toUpperCase();
    return word.toLowerCase();
  });
  const [first, ...others] = rendered;
  if (first === undefined) return field;
  // Sentence case, without lowering a fixed-case word (`mTLS`, `IdP`): the first word has capitals
  // only when it is one.
  const head = first !== first.toLowerCase() ? first : first.charAt(0).toUpperCase() + first.slice(1);
  return [head, ...others].join(' ');
}
