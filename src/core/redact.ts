// Keeps secrets out of every string the client produces: log lines, error messages and the
// excerpts of response bodies quoted in them. A `Redactor` knows the exact secret values (the API
// token, proxy credentials, the values a request body marks sensitive) and also masks anything
// that merely looks like a credential (an `Authorization`-style `<scheme> <token>` pair, a JWT,
// the user-info part of a URL), so a secret it was never told about is still unlikely to leak.
import { base64OfUtf8 } from './base64';

export const REDACTED = '***';

/** Keys whose value is a secret whatever the body says (a password is always a password). */
const ALWAYS_SENSITIVE_KEYS = new Set(['password', 'otp_secret', 'otp_login_sequence_totp_value']);

/** `<scheme> <credential>` pairs, as in an Authorization header quoted back by a server. */
const SCHEME_CREDENTIAL = /\b(JWT|Bearer|Token|Basic|Digest)(\s+)[A-Za-z0-9._~+/=-]{6,}/gi;
/** A JSON Web Token (`header.payload.signature`, base64url, header starting `{"`). */
const JWT_LIKE = /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;
/** The `user:password@` part of a URL. */
const URL_USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/@\s"'<>]+@/gi;

export class Redactor {
  private readonly secrets = new Set<string>();
  /** Every form of every secret, longest first (so a secret inside a longer one goes too). */
  private forms: string[] = [];

  constructor(secrets: Iterable<string | undefined | null> = []) {
    this.add(...secrets);
  }

  /** Remembers more secret values; empty and missing values are ignored. */
  add(...values: (string | undefined | null)[]): this {
    let changed = false;
    for (const value of values) {
      if (typeof value !== 'string' || value === '' || this.secrets.has(value)) continue;
      this.secrets.add(value);
      changed = true;
    }
    if (changed) this.forms = computeForms(this.secrets);
    return this;
  }

  /** A new redactor that knows this one's secrets and `values` too (for one request). */
  with(values: Iterable<string | undefined | null>): Redactor {
    return new Redactor([...this.secrets, ...values]);
  }

  has(value: string): boolean {
    return this.secrets.has(value);
  }

  /**
   * Masks text that came from elsewhere (a server's answer, a library's error message): every form
   * of every secret, and anything that looks like a credential. A secret shorter than
   * `SHORT_SECRET` characters is masked only where it stands alone, not inside a longer word or
   * number, where it would be a coincidence rather than the secret.
   */
  redact(text: string): string {
    let out = text;
    for (const form of this.forms) {
      if (!out.includes(form)) continue;
      out = form.length < SHORT_SECRET ? out.replace(standingAlone(form), REDACTED) : out.split(form).join(REDACTED);
    }
    return maskCredentialShapes(out);
  }

  /**
   * Masks text the product composed itself (a log line, a message listing ids and counts) whose
   * parts from elsewhere were masked when they came in: the safety net. It masks a secret of at
   * least `COMPOSED_MIN` characters where it stands alone, and leaves numbers, short secrets and
   * parts of longer words alone, which there would only hit the product's own ids, counts and
   * field names.
   */
  redactComposed(text: string): string {
    let out = text;
    for (const form of this.forms) {
      if (form.length >= COMPOSED_MIN && !/^\d+$/.test(form) && out.includes(form)) out = out.replace(standingAlone(form), REDACTED);
    }
    return maskCredentialShapes(out);
  }
}

/** Below this length a secret is masked in text from elsewhere only where it stands alone. */
const SHORT_SECRET = 4;
/** Below this length a secret is left to the masking of the parts a composed text was made of. */
const COMPOSED_MIN = 8;

function standingAlone(form: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}_])${form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_])`, 'gu');
}

function maskCredentialShapes(text: string): string {
  return text.replace(SCHEME_CREDENTIAL, `$1$2${REDACTED}`).replace(JWT_LIKE, REDACTED).replace(URL_USERINFO, `$1${REDACTED}@`);
}

function computeForms(secrets: Set<string>): string[] {
  const forms = new Set<string>();
  for (const s of secrets) {
    forms.add(s);
    // As it appears inside a JSON string, in a URL, and in a Basic credential.
    forms.add(JSON.stringify(s).slice(1, -1));
    forms.add(encodeURIComponent(s));
    forms.add(base64OfUtf8(s));
  }
  forms.delete('');
  return [...forms].sort((a, b) => b.length - a.length);
}

/**
 * The sensitive values of a bulk update body: every `X` whose sibling `X_is_sensitive` is true
 * (`value_is_sensitive`, `password_is_sensitive`, `api_login_payload_is_sensitive`, ...), and the
 * values of keys that are secrets by nature (`password`, `otp_secret`, the recorded TOTP value).
 */
export function sensitiveValuesOf(body: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      const sensitiveByFlag = record[`${key}_is_sensitive`] === true;
      if ((sensitiveByFlag || ALWAYS_SENSITIVE_KEYS.has(key)) && typeof value === 'string' && value !== '') {
        found.push(value);
      }
      walk(value);
    }
  };
  walk(body);
  return found;
}

/**
 * A short excerpt of a response body for an error message: whitespace collapsed, secrets
 * removed, at most `max` characters (an ellipsis marks the cut).
 */
export function excerpt(text: string, redactor: Redactor, max = 200): string {
  const collapsed = redactor.redact(text.replace(/\s+/g, ' ').trim());
  return collapsed.length <= max ? collapsed : `${collapsed.slice(0, max - 1)}…`;
}
