import { describe, expect, it } from 'vitest';
import { canSubmitPost, validateFullPost } from './create-post-validation';

const photo = new File(['x'], 'sunrise.jpg', { type: 'image/jpeg' });

describe('full-page post validation', () => {
  it('needs text or an image', () => {
    expect(canSubmitPost('', null)).toBe(false);
    expect(canSubmitPost('   ', null)).toBe(false);
    expect(canSubmitPost('Up early', null)).toBe(true);
    expect(canSubmitPost('', photo)).toBe(true);
  });

  it('explains what is missing', () => {
    expect(validateFullPost(' ', null)).toEqual({
      ok: false,
      message: 'Please add some content or an image to your post.',
    });
    expect(validateFullPost(' Up early ', photo)).toEqual({ ok: true, content: 'Up early', image: photo });
  });
});
