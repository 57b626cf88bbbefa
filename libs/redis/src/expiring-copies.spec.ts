import { ExpiringCopies } from './expiring-copies';

const always = () => true;

describe('ExpiringCopies', () => {
  it('never holds more than maxEntries copies: past them, the ones kept longest ago go', () => {
    const copies = new ExpiringCopies<number>(60_000, 10);
    for (let key = 0; key < 1_000; key++) copies.set(String(key), key);
    const held = Array.from({ length: 1_000 }, (_, key) => copies.get(String(key), always)).filter(
      (copy) => copy !== undefined,
    );
    expect(held).toEqual([990, 991, 992, 993, 994, 995, 996, 997, 998, 999]);
  });

  it('forgets a copy that `usable` refuses', () => {
    const copies = new ExpiringCopies<number>(60_000, 10);
    copies.set('a', 1);
    expect(copies.get('a', () => false)).toBeUndefined();
    expect(copies.get('a', always)).toBeUndefined();
  });
});
