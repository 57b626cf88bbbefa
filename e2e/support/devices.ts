import type { Page } from '@playwright/test';
import type { NewPage } from './story';

/**
 * Two pages on the stack, each with its own cookies and reduced motion: one the size of a phone
 * (390 × 844), one of a laptop (the default viewport). One member's two devices, or two members.
 */
export function phoneAndLaptop(newPage: NewPage): Promise<[phone: Page, laptop: Page]> {
  return Promise.all([
    newPage({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' }),
    newPage({ reducedMotion: 'reduce' }),
  ]);
}
