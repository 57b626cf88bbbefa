import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Slot } from './slot';

describe('Slot', () => {
  it('renders the child with the slot props, the child winning where both set one', () => {
    render(
      <Slot
        aria-label="from the slot"
        title="slot"
        className="slot-class"
        style={{ color: 'red', margin: 1 }}
      >
        <a href="/x" title="child" className="child-class" style={{ color: 'blue' }}>
          Go
        </a>
      </Slot>,
    );
    const link = screen.getByRole('link', { name: 'from the slot' });
    expect(link).toHaveAttribute('href', '/x');
    expect(link).toHaveAttribute('title', 'child');
    expect(link).toHaveClass('slot-class', 'child-class');
    expect(link.style.color).toBe('blue');
    expect(link.style.margin).toBe('1px');
  });

  it("runs both click handlers, the child's first", () => {
    const calls: string[] = [];
    render(
      <Slot onClick={() => calls.push('slot')}>
        <button type="button" onClick={() => calls.push('child')}>
          Tap
        </button>
      </Slot>,
    );
    fireEvent.click(screen.getByRole('button'));
    expect(calls).toEqual(['child', 'slot']);
  });

  it('gives the element to both refs', () => {
    const slotRef = createRef<HTMLElement>();
    const childRef = vi.fn();
    render(
      <Slot ref={slotRef}>
        <button type="button" ref={childRef}>
          Tap
        </button>
      </Slot>,
    );
    expect(slotRef.current).toBe(screen.getByRole('button'));
    expect(childRef).toHaveBeenCalledWith(screen.getByRole('button'));
  });
});
