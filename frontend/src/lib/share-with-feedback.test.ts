import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { trackEvent } from '@/lib/analytics';
import type { ShareEnvironment } from '@/lib/share';
import { shareWithFeedback } from './share-with-feedback';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));
vi.mock('@/lib/analytics', () => ({ trackEvent: vi.fn() }));

const payload = { url: 'https://daybreak.example/blog/a1', title: 'A title', text: 'An excerpt' };
const feedback = { copiedMessage: 'Link copied to clipboard!', analytics: { content_type: 'article' } };

function abortError(): Error {
  const error = new Error('Share canceled');
  error.name = 'AbortError';
  return error;
}

describe('shareWithFeedback', () => {
  beforeEach(() => {
    vi.mocked(toast).mockClear();
    vi.mocked(trackEvent).mockClear();
  });

  it('says the link was copied, for 2 seconds, and records the share', async () => {
    const env: ShareEnvironment = { writeText: () => Promise.resolve() };

    await shareWithFeedback(payload, feedback, env);

    expect(toast).toHaveBeenCalledWith({ description: 'Link copied to clipboard!', duration: 2000 });
    expect(trackEvent).toHaveBeenCalledWith('share', { content_type: 'article', method: 'copied' });
  });

  it('records a native share without a toast', async () => {
    await shareWithFeedback(payload, feedback, { share: () => Promise.resolve() });

    expect(toast).not.toHaveBeenCalled();
    expect(trackEvent).toHaveBeenCalledWith('share', { content_type: 'article', method: 'shared' });
  });

  it('does nothing when the visitor closes the share sheet', async () => {
    await shareWithFeedback(payload, feedback, { share: () => Promise.reject(abortError()) });

    expect(toast).not.toHaveBeenCalled();
    expect(trackEvent).not.toHaveBeenCalled();
  });

  it("says 'Unable to share or copy link.' when nothing works, and records nothing", async () => {
    await shareWithFeedback(payload, feedback, {});

    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ description: 'Unable to share or copy link.', variant: 'destructive' }),
    );
    expect(trackEvent).not.toHaveBeenCalled();
  });
});
