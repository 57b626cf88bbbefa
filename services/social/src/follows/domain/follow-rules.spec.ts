import { followRefusal, lockOrder } from './follow-rules';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('follow rules', () => {
  it('refuses following yourself and allows anyone else', () => {
    expect(followRefusal(A, A)).toBe('self');
    expect(followRefusal(A, B)).toBeNull();
  });

  it('locks two members in the same order whichever follows whom', () => {
    expect(lockOrder(A, B)).toEqual([A, B]);
    expect(lockOrder(B, A)).toEqual([A, B]);
  });
});
