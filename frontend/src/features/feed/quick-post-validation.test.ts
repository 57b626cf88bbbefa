import { describe, expect, it } from 'vitest';
import { validateQuickPost } from './quick-post-validation';

describe('validateQuickPost', () => {
  it.each(['', '   ', '\n\t '])('rejects %j with the spec message', (text) => {
    expect(validateQuickPost(text)).toEqual({
      ok: false,
      title: 'Content Required',
      description: 'Please enter some content for your post.',
    });
  });

  it('accepts text and trims its edges', () => {
    expect(validateQuickPost('  Up at 5!  ')).toEqual({ ok: true, content: 'Up at 5!' });
  });
});
