/** Spec §5: a full-page post needs text or an image. */
export const EMPTY_POST_MESSAGE = 'Please add some content or an image to your post.';

export function canSubmitPost(text: string, image: File | null): boolean {
  return text.trim().length > 0 || image !== null;
}

export type FullPostValidation =
  { ok: true; content: string; image: File | null } | { ok: false; message: typeof EMPTY_POST_MESSAGE };

export function validateFullPost(text: string, image: File | null): FullPostValidation {
  if (!canSubmitPost(text, image)) return { ok: false, message: EMPTY_POST_MESSAGE };
  return { ok: true, content: text.trim(), image };
}
