import { containsPattern, normalizeSearchQuery } from './search-query';

describe('normalizeSearchQuery', () => {
  it('trims and collapses whitespace', () => {
    expect(normalizeSearchQuery('  Ana   Dawn ')).toBe('Ana Dawn');
  });

  it('treats blank and control-only text as no query', () => {
    expect(normalizeSearchQuery('')).toBeNull();
    expect(normalizeSearchQuery(' \t\n ')).toBeNull();
    expect(normalizeSearchQuery('\u0000')).toBeNull();
  });

  it('cuts very long text to 100 characters', () => {
    expect(normalizeSearchQuery('a'.repeat(500))).toHaveLength(100);
  });
});

describe('containsPattern', () => {
  it('matches anywhere and escapes LIKE wildcards', () => {
    expect(containsPattern('ana')).toBe('%ana%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
