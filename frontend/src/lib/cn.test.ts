import { describe, expect, it } from 'vitest';
import { badgeStyles, badgeVariants } from '@/components/ui/badge';
import { buttonStyles, buttonVariants } from '@/components/ui/button';
import { cn } from './cn';
import { conflictsIn } from './class-conflicts';

describe('cn', () => {
  it('joins class names, leaving out the false ones', () => {
    const hidden = false;
    expect(cn('flex gap-2', hidden && 'hidden', undefined, { 'font-bold': true, italic: false })).toBe(
      'flex gap-2 font-bold',
    );
  });

  it('fails a test that renders conflicting classes, naming the ones that would lose', () => {
    expect(() => cn('p-2 text-sm', 'p-4')).toThrow(
      'Conflicting Tailwind classes in "p-2 text-sm p-4": p-2 lose',
    );
    expect(() => cn('size-6', 'size-6')).toThrow(/size-6 lose/);
  });
});

describe('conflictsIn', () => {
  it('finds none among utilities for different properties, or one property under different variants', () => {
    expect(
      conflictsIn('px-2 py-1 text-sm text-stone-900 hover:bg-stone-100 bg-white sm:flex grid'),
    ).toBeNull();
  });
});

/** Every combination of a component's variants, so none conflicts however a screen combines them. */
function combinations(styles: Record<string, Record<string, string>>) {
  return Object.entries(styles).reduce<Record<string, string>[]>(
    (all, [axis, values]) =>
      all.flatMap((combination) => Object.keys(values).map((value) => ({ ...combination, [axis]: value }))),
    [{}],
  );
}

describe('component variants', () => {
  it.each(combinations(buttonStyles))('button %o has no conflicting classes', (props) => {
    expect(conflictsIn(buttonVariants(props as Parameters<typeof buttonVariants>[0]))).toBeNull();
  });

  it.each(combinations(badgeStyles))('badge %o has no conflicting classes', (props) => {
    expect(conflictsIn(badgeVariants(props as Parameters<typeof badgeVariants>[0]))).toBeNull();
  });
});
