import { IMAGE_VARIANT_WIDTH, imageSourceChain } from '@daybreak/contracts';
import { ImageOff } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { Skeleton } from './skeleton';

/** Spec §9: start loading when the image comes within 50 px of the viewport. */
export const LAZY_LOAD_MARGIN = '50px';

export interface OptimizedImageProps {
  src: string;
  alt: string;
  /** Load at once instead of waiting to be near the viewport (images above the fold). */
  priority?: boolean;
  width?: number;
  className?: string;
  imgClassName?: string;
}

/**
 * Image with the three states of spec §4: loading (skeleton), loaded, error ('Image unavailable').
 * For our own stored images it tries the webp variant, then jpeg, then the original.
 */
export function OptimizedImage({
  src,
  alt,
  priority = false,
  width = IMAGE_VARIANT_WIDTH,
  className,
  imgClassName,
}: OptimizedImageProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(priority);
  const [attempt, setAttempt] = useState({ src, index: 0, loaded: false });
  // A new `src` starts the chain again (render-time reset instead of an effect).
  if (attempt.src !== src) setAttempt({ src, index: 0, loaded: false });

  useEffect(() => {
    if (visible) return;
    const element = containerRef.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: LAZY_LOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  const chain = imageSourceChain(src, width);
  const failed = attempt.index >= chain.length;
  const current = chain[attempt.index];

  const imageRef = useRef<HTMLImageElement>(null);
  // An image the browser already holds (preloaded with the page, or cached) is complete as soon as it
  // is inserted: show it in this very frame, before paint, instead of a skeleton frame, the load
  // event and a fade. On a post's page the photo then paints with the text (its LCP).
  useLayoutEffect(() => {
    const image = imageRef.current;
    if (image?.complete && image.naturalWidth > 0)
      setAttempt((state) => (state.loaded ? state : { ...state, loaded: true }));
  }, [current, visible]);

  return (
    <div
      ref={containerRef}
      className={cn('relative overflow-hidden bg-canvas', className)}
      data-testid="optimized-image"
    >
      {failed ? (
        <div
          className="flex h-48 flex-col items-center justify-center gap-2 text-sm text-subtle"
          role="img"
          aria-label={alt}
        >
          <ImageOff className="size-6" aria-hidden="true" />
          Image unavailable
        </div>
      ) : (
        <>
          {!attempt.loaded && <Skeleton rounded="none" className="absolute inset-0 h-full min-h-48" />}
          {visible && current && (
            <img
              key={current}
              ref={imageRef}
              src={current}
              alt={alt}
              decoding="async"
              // Above the fold it is likely the page's largest paint: ask for it before other images.
              fetchPriority={priority ? 'high' : undefined}
              className={cn(
                'block w-full transition-opacity',
                !attempt.loaded && 'min-h-48 opacity-0',
                imgClassName,
              )}
              onLoad={() => setAttempt((state) => ({ ...state, loaded: true }))}
              onError={() => setAttempt((state) => ({ ...state, index: state.index + 1, loaded: false }))}
            />
          )}
          {!visible && <div className="min-h-48" />}
        </>
      )}
    </div>
  );
}
