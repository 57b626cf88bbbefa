import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OptimizedImage } from './optimized-image';

class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly options: IntersectionObserverInit | undefined;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    this.options = options;
    FakeIntersectionObserver.instances.push(this);
  }
  observe() {}
  disconnect() {}
  /** Simulates the image coming within the margin of the viewport. */
  enter() {
    this.callback(
      [{ isIntersecting: true } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
}

function setup(props: { src: string; priority?: boolean }) {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  render(<OptimizedImage alt="Sunrise" {...props} />);
  return { img: () => screen.queryByRole('img', { name: 'Sunrise' }) };
}

describe('OptimizedImage', () => {
  it('waits until it is within 50 px of the viewport', () => {
    const { img } = setup({ src: '/objects/a.png' });
    expect(img()).toBeNull();
    expect(FakeIntersectionObserver.instances[0]?.options?.rootMargin).toBe('50px');

    act(() => FakeIntersectionObserver.instances[0]?.enter());

    expect(img()).toHaveAttribute('src', '/objects/a.png?format=webp&w=640');
  });

  it('loads at once when marked priority', () => {
    const { img } = setup({ src: '/objects/a.png', priority: true });

    expect(img()).toHaveAttribute('src', '/objects/a.png?format=webp&w=640');
  });

  it("falls back webp → jpeg → original, then shows 'Image unavailable'", () => {
    const { img } = setup({ src: '/uploads/a.png', priority: true });

    fireEvent.error(img() as HTMLElement);
    expect(img()).toHaveAttribute('src', '/uploads/a.png?format=jpeg&w=640');
    fireEvent.error(img() as HTMLElement);
    expect(img()).toHaveAttribute('src', '/uploads/a.png');
    fireEvent.error(img() as HTMLElement);

    expect(screen.getByText('Image unavailable')).toBeInTheDocument();
  });

  it('stops on the first source that loads', () => {
    const { img } = setup({ src: '/uploads/a.png', priority: true });

    fireEvent.error(img() as HTMLElement);
    fireEvent.load(img() as HTMLElement);

    expect(img()).toHaveAttribute('src', '/uploads/a.png?format=jpeg&w=640');
    expect(screen.queryByText('Image unavailable')).not.toBeInTheDocument();
  });

  it('shows an outside image as is', () => {
    const { img } = setup({ src: 'https://cdn.example/a.jpg', priority: true });

    expect(img()).toHaveAttribute('src', 'https://cdn.example/a.jpg');
  });

  it('shows an image the browser already holds at once, with no skeleton and no fade in', () => {
    // A preloaded or cached image is complete when inserted; jsdom never loads one, so say it did.
    const complete = vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    const width = vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(640);
    try {
      const { img } = setup({ src: '/objects/a.png', priority: true });

      expect(img()).not.toHaveClass('opacity-0');
      expect(screen.getByTestId('optimized-image').querySelector('.animate-pulse')).toBeNull();
    } finally {
      complete.mockRestore();
      width.mockRestore();
    }
  });

  it('keeps an image that is still loading hidden behind the skeleton until it loads', () => {
    const { img } = setup({ src: '/objects/a.png', priority: true });

    expect(img()).toHaveClass('opacity-0');
    fireEvent.load(img() as HTMLElement);
    expect(img()).not.toHaveClass('opacity-0');
  });
});
