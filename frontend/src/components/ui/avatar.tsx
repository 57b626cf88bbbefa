import { useState } from 'react';
import { cn } from '@/lib/cn';

const sizes = {
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-16 text-xl',
  xl: 'size-24 text-3xl',
} as const;

export interface AvatarProps {
  src?: string | null;
  /** Shown when there is no image or it fails to load. */
  initial: string;
  /** Accessible name of the person pictured; '' when the surrounding control already names them. */
  alt: string;
  size?: keyof typeof sizes;
  className?: string;
}

export function Avatar({ src, initial, alt, size = 'md', className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-amber-300 to-orange-500 font-black text-on-accent uppercase',
        sizes[size],
        className,
      )}
    >
      {showImage && src ? (
        <img src={src} alt={alt} className="size-full object-cover" onError={() => setFailedSrc(src)} />
      ) : alt ? (
        <span aria-label={alt} role="img">
          {initial}
        </span>
      ) : (
        <span aria-hidden="true">{initial}</span>
      )}
    </span>
  );
}
