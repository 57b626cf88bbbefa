/** Variables holding secrets, by name: `SESSION_SECRET`, `VAPID_PRIVATE_KEY`, `MEDIA_S3_SECRET_ACCESS_KEY`, … */
const SECRET_NAME = /SECRET|PRIVATE_KEY|PASSWORD/;

/**
 * Words that show up in example and development values ("dev-only-session-secret-change-me",
 * "replace-with-…", "not-a-secret") and never in generated ones: a random hex or base64 string of
 * 32 characters contains one of these words with a probability below one in a million.
 */
const PLACEHOLDER_WORDS =
  /change-?me|changeit|default|dev-only|example|placeholder|replace|not-a-secret|secret|password|insecure|sample/i;

/** Generated secrets use many different characters; "xxxxxxxx…" or "0123456789…" repeated do not. */
const MIN_DISTINCT_CHARACTERS = 10;

/** Why `value` looks like a default rather than a generated secret, or null when it doesn't. */
export function defaultSecretReason(value: string): string | null {
  const word = PLACEHOLDER_WORDS.exec(value);
  if (word) return `looks like a default or example value (contains "${word[0]}")`;
  if (new Set(value).size < MIN_DISTINCT_CHARACTERS)
    return `looks like a default or example value (fewer than ${MIN_DISTINCT_CHARACTERS} different characters)`;
  return null;
}

/**
 * Problems with the secrets among a production configuration's variables: each one named, so a
 * deployment that copied a development value stops before it serves anything.
 */
export function defaultSecretProblems(config: Record<string, unknown>): string[] {
  return Object.entries(config).flatMap(([name, value]) => {
    if (!SECRET_NAME.test(name) || typeof value !== 'string' || value === '') return [];
    const reason = defaultSecretReason(value);
    return reason ? [`${name} ${reason}; generate one, e.g. \`openssl rand -hex 32\``] : [];
  });
}
