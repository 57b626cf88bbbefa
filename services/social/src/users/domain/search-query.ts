/** Spec §5: search needs non-blank text; longer queries than this match nothing useful. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** Issue #7: at most 50 search results. */
export const SEARCH_RESULTS_LIMIT = 50;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * The text to search for: control characters removed, whitespace runs made one space, trimmed.
 * Null when nothing is left (a blank query, which the caller refuses).
 */
export function normalizeSearchQuery(raw: string): string | null {
  const text = raw.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
  return text.length > 0 ? text.slice(0, SEARCH_QUERY_MAX_LENGTH) : null;
}

/** An ILIKE pattern matching `text` anywhere, with the pattern's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
