/** Spec §5: the feed's quick-post box rejects empty or whitespace-only text. */
export type QuickPostValidation =
  | { ok: true; content: string }
  | { ok: false; title: 'Content Required'; description: 'Please enter some content for your post.' };

export function validateQuickPost(text: string): QuickPostValidation {
  const content = text.trim();
  if (!content) {
    return { ok: false, title: 'Content Required', description: 'Please enter some content for your post.' };
  }
  return { ok: true, content };
}
