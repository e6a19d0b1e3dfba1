// Shapes of the two operations' requests and responses (spec 2.1 to 2.5).

/** Bulk update request body (spec 2.1 to 2.3): `ids`, `site`, and the body-level settings. */
export interface BulkUpdateBody {
  ids: string[];
  site: Record<string, unknown>;
  [field: string]: unknown;
}

/** Bulk update response body (spec 2.4). */
export interface BulkUpdateResponse {
  ids: string[];
}

export interface BulkUpdateResult {
  /** The ids the service says it updated (spec 2.4), in its order. */
  ids: string[];
  /**
   * Requested ids missing from the answer. Always empty when `validateIds` is on (the service
   * answers 404 instead); with it off, these are the ids the service skipped.
   */
  notUpdated: string[];
  /** Attempts the request took (1 when it succeeded at once). */
  attempts: number;
}

/** One `allowed_credits_packs` item (spec 2.5). */
export interface CreditsPack {
  id: string;
  name: string;
  price: number;
  currency_code: 'USD' | 'EUR' | 'GBP' | '';
  pack_amount: number;
  discount: number;
  savings: number;
}

/** The entitlements record (spec 2.5); every field is required. */
export interface Entitlements {
  pool_size: number;
  max_users: number;
  max_scan_number: number;
  max_credit_targets: number;
  max_ultd_targets: number;
  spa_limit: number;
  scanning_agent_limit: number;
  number_unused_slots: number;
  credits_hourly_cost: number;
  credits_cap: number;
  credits_lightning_cost: number;
  credits_auth_cost: number;
  allowed_monthly_promotional_credits: number;
  number_available_ultd_targets_minus_team_quotas: number;

  max_scan_freq: string;

  allowed_scope_types: string[];
  allowed_builtin_scan_profiles: string[];
  allowed_signing_methods: string[];
  allowed_report_file_formats: string[];
  allowed_report_types: string[];
  allowed_stored_report_file_formats: string[];
  allowed_stored_report_types: string[];
  allowed_builtin_roles: string[];

  allow_extra_users: boolean;
  allow_billing: boolean;
  allow_create_and_destroy_targets: boolean;
  allow_scope_labels: boolean;
  verify_target_ownership: boolean;
  allow_custom_scan_profiles: boolean;
  allow_bulk_scan: boolean;
  allow_pause_and_resume_scan: boolean;
  allow_partial_scan: boolean;
  allow_scanning_2fa_targets: boolean;
  allow_teams: boolean;
  allow_bulk: boolean;
  allow_dashboard: boolean;
  allow_roles: boolean;
  allow_scanning_agent: boolean;
  allow_user_labels: boolean;
  allow_custom_roles: boolean;
  allow_sso: boolean;
  allow_target_import_export: boolean;
  allow_full_coverage_report: boolean;
  allow_audit_log: boolean;
  allow_discovery: boolean;
  allow_bola: boolean;
  allow_self_findings_review: boolean;
  allow_mtls: boolean;
  allow_message_signature: boolean;
  allow_mle: boolean;
  allow_ai_scanning_enhancements_switch: boolean;
  allow_webhooks: boolean;
  allow_stored_reports: boolean;
  allow_buying_credits: boolean;
  allow_credits: boolean;
  allow_unlimited: boolean;
  allow_ultd_change: boolean;
  allow_target_roles: boolean;
  allow_dynamic_idp_roles_mapping: boolean;

  allow_cloud_a: boolean;
  allow_cdn_a: boolean;
  allow_cdn_b: boolean;
  allow_devops_tracker: boolean;
  allow_issue_tracker_a: boolean;
  allow_issue_tracker_b: boolean;
  allow_chat: boolean;
  allow_vuln_manager: boolean;
  allow_issue_tracker_c: boolean;
  allow_sso_b: boolean;
  allow_sast: boolean;
  allow_collections: boolean;
  is_vendor_customer: boolean;

  allowed_credits_packs: CreditsPack[];
}
