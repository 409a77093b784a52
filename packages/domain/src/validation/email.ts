/**
 * Email checks (spec §5 "Email"). Both take the value as given: callers trim first.
 */

const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Basic check: non-space text, an @, and a domain containing a dot. */
export function isValidEmail(value: string): boolean {
  return BASIC_EMAIL.test(value);
}

export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;
export const DOMAIN_LABEL_MAX_LENGTH = 63;

// Dot-atom local part: RFC 5322 atext characters, dots only between runs (no leading,
// trailing or doubled dots). Quoted local parts are not accepted.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
// A domain label: 1-63 letters, digits or hyphens, not starting or ending with a hyphen.
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
// The top-level domain: letters only, at least 2.
const TLD = /^[A-Za-z]{2,63}$/;

/**
 * Stricter check: at most 254 characters; local part of at most 64 RFC-ish characters
 * (letters, digits, !#$%&'*+/=?^_`{|}~- and single inner dots); a domain of at least two labels,
 * each 1-63 letters/digits/hyphens not starting or ending with a hyphen; a TLD of 2+ letters.
 */
export function isValidEmailStrict(value: string): boolean {
  if (value.length === 0 || value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAX_LENGTH || !LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1] ?? '';
  return labels.every((label) => DOMAIN_LABEL.test(label)) && TLD.test(tld);
}
