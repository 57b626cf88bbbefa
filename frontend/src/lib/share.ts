import { shareText } from '@daybreak/content';

/**
 * The share chain of spec §2 and §8: the native share sheet when there is one, else copy the link, else
 * a prompt showing the link. Dependencies are parameters so the chain is testable without a browser.
 */

export interface SharePayload {
  url: string;
  title?: string;
  text?: string;
}

/** What happened, so the caller can pick its toast. */
export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'prompted' | 'failed';

export interface ShareEnvironment {
  share?: (data: ShareData) => Promise<void>;
  writeText?: (text: string) => Promise<void>;
  prompt?: (message: string, defaultValue: string) => unknown;
}

export function browserShareEnvironment(): ShareEnvironment {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    share: typeof nav?.share === 'function' ? (data) => nav.share(data) : undefined,
    writeText: nav?.clipboard?.writeText ? (text) => nav.clipboard.writeText(text) : undefined,
    prompt: typeof window === 'undefined' ? undefined : (message, value) => window.prompt(message, value),
  };
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

export async function shareLink(
  payload: SharePayload,
  env: ShareEnvironment = browserShareEnvironment(),
): Promise<ShareOutcome> {
  if (env.share) {
    try {
      await env.share({ url: payload.url, title: payload.title, text: payload.text });
      return 'shared';
    } catch (error) {
      // Closing the share sheet is a choice, not a failure: don't follow it with a clipboard copy.
      if (isAbort(error)) return 'cancelled';
    }
  }
  if (env.writeText) {
    try {
      await env.writeText(payload.url);
      return 'copied';
    } catch {
      // Clipboard permission denied or no secure context: fall through to the prompt.
    }
  }
  if (env.prompt) {
    try {
      env.prompt('Copy this link:', payload.url);
      return 'prompted';
    } catch {
      // Some embedded browsers block dialogs.
    }
  }
  return 'failed';
}

export function postSharePayload(post: { id: string; content: string }, origin: string): SharePayload {
  return {
    url: `${origin}/share/post/${encodeURIComponent(post.id)}`,
    title: 'Daybreak',
    text: shareText(post.content),
  };
}

/** A blog article is shared by its own address, which the gateway answers with a link preview. */
export function articleSharePayload(
  article: { id: string; title: string; excerpt: string },
  origin: string,
): SharePayload {
  return {
    url: `${origin}/blog/${encodeURIComponent(article.id)}`,
    title: article.title,
    text: article.excerpt,
  };
}
