import type { CSSProperties } from 'react';

export interface ConfettiPiece {
  left: number;
  delay: number;
  duration: number;
  drift: number;
  color: string;
  size: number;
  round: boolean;
}

/**
 * Deterministic pieces (a small hash of the index instead of Math.random) so renders are stable and
 * tests can count them.
 */
export function confettiPieces(count: number, colors: readonly string[]): ConfettiPiece[] {
  if (colors.length === 0) return [];
  const unit = (index: number, salt: number) => {
    const x = Math.sin(index * 12.9898 + salt * 78.233) * 43758.5453;
    return x - Math.floor(x);
  };
  return Array.from({ length: count }, (_, index) => ({
    left: unit(index, 1) * 100,
    delay: unit(index, 2) * 0.8,
    duration: 2.2 + unit(index, 3) * 1.2,
    drift: (unit(index, 4) - 0.5) * 160,
    color: colors[index % colors.length] ?? colors[0] ?? '#fbbf24',
    size: 6 + Math.round(unit(index, 5) * 6),
    round: unit(index, 6) > 0.6,
  }));
}

export function Confetti({ count, colors }: { count: number; colors: readonly string[] }) {
  const pieces = confettiPieces(count, colors);
  if (pieces.length === 0) return null;
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none fixed inset-0 z-[60] overflow-hidden"
      data-testid="confetti"
    >
      {pieces.map((piece, index) => (
        <span
          key={index}
          data-testid="confetti-piece"
          className="absolute top-0 block animate-confetti-fall"
          style={
            {
              left: `${piece.left}%`,
              width: piece.size,
              height: piece.round ? piece.size : piece.size * 0.45,
              backgroundColor: piece.color,
              borderRadius: piece.round ? '9999px' : '2px',
              animationDelay: `${piece.delay}s`,
              '--confetti-duration': `${piece.duration}s`,
              '--confetti-drift': `${piece.drift}px`,
            } as CSSProperties
          }
        />
      ))}
    </div>
  );
}
