import { describe, expect, it, vi } from 'vitest';
import { articleSharePayload, postSharePayload, shareLink, type ShareEnvironment } from './share';

const payload = { url: 'https://daybreak.example/share/post/p1', title: 'Daybreak', text: 'Up at 5' };

function abortError(): Error {
  const error = new Error('Share canceled');
  error.name = 'AbortError';
  return error;
}

function setup(env: Partial<Record<keyof ShareEnvironment, 'ok' | Error>>) {
  const share = vi.fn((): Promise<void> =>
    env.share instanceof Error ? Promise.reject(env.share) : Promise.resolve(),
  );
  const writeText = vi.fn((): Promise<void> =>
    env.writeText instanceof Error ? Promise.reject(env.writeText) : Promise.resolve(),
  );
  const prompt = vi.fn(() => {
    if (env.prompt instanceof Error) throw env.prompt;
    return null;
  });
  const environment: ShareEnvironment = {
    share: env.share ? share : undefined,
    writeText: env.writeText ? writeText : undefined,
    prompt: env.prompt ? prompt : undefined,
  };
  return { environment, share, writeText, prompt };
}

describe('shareLink', () => {
  it('uses the native share sheet when there is one', async () => {
    const { environment, share, writeText } = setup({ share: 'ok', writeText: 'ok', prompt: 'ok' });

    await expect(shareLink(payload, environment)).resolves.toBe('shared');
    expect(share).toHaveBeenCalledWith(payload);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('treats closing the share sheet as a choice, not a reason to copy', async () => {
    const { environment, writeText } = setup({ share: abortError(), writeText: 'ok' });

    await expect(shareLink(payload, environment)).resolves.toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link when sharing is unavailable or fails', async () => {
    const noShare = setup({ writeText: 'ok' });
    await expect(shareLink(payload, noShare.environment)).resolves.toBe('copied');
    expect(noShare.writeText).toHaveBeenCalledWith(payload.url);

    const failingShare = setup({ share: new Error('NotAllowedError'), writeText: 'ok' });
    await expect(shareLink(payload, failingShare.environment)).resolves.toBe('copied');
  });

  it('falls back to a prompt with the link when copying fails', async () => {
    const { environment, prompt } = setup({ writeText: new Error('denied'), prompt: 'ok' });

    await expect(shareLink(payload, environment)).resolves.toBe('prompted');
    expect(prompt).toHaveBeenCalledWith('Copy this link:', payload.url);
  });

  it('fails when nothing works', async () => {
    await expect(shareLink(payload, setup({}).environment)).resolves.toBe('failed');
    await expect(
      shareLink(payload, setup({ writeText: new Error('denied'), prompt: new Error('blocked') }).environment),
    ).resolves.toBe('failed');
  });
});

describe('postSharePayload', () => {
  it('links /share/post/{id} and shares the first 100 characters', () => {
    const content = 'x'.repeat(150);

    const result = postSharePayload({ id: 'p 1', content }, 'https://daybreak.example');

    expect(result.url).toBe('https://daybreak.example/share/post/p%201');
    expect(result.text).toHaveLength(100);
  });
});

describe('articleSharePayload', () => {
  it("links the article's own address with its title and excerpt", () => {
    const article = { id: 'why-5am-health-success', title: 'Why 5 AM?', excerpt: 'The research.' };

    expect(articleSharePayload(article, 'https://daybreak.example')).toEqual({
      url: 'https://daybreak.example/blog/why-5am-health-success',
      title: 'Why 5 AM?',
      text: 'The research.',
    });
  });
});
