import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, textResponse } from '@/test/fakes';
import { apiRequest, errorDetail, errorStatus, getJson, isUnauthorizedError } from './api-client';

function setup(response: Response) {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(response));
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, lastInit: () => fetchMock.mock.calls.at(-1)?.[1] };
}

describe('apiRequest', () => {
  it('sends credentials and JSON bodies with a JSON content type', async () => {
    const { lastInit } = setup(jsonResponse({ ok: true }));

    await apiRequest('POST', '/api/posts/1/comments', { content: 'hi' });

    expect(lastInit()).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"content":"hi"}',
    });
  });

  it('sends FormData as is, leaving the multipart content type to the browser', async () => {
    const { lastInit } = setup(jsonResponse({}));
    const form = new FormData();
    form.append('content', 'morning');

    await apiRequest('POST', '/api/posts', form);

    expect(lastInit()?.body).toBe(form);
    expect(lastInit()?.headers).toBeUndefined();
  });

  it('sends a file as is, with its own content type', async () => {
    const { lastInit } = setup(jsonResponse({ objectPath: '/objects/a' }));
    const file = new File(['png bytes'], 'me.png', { type: 'image/png' });

    await apiRequest('PUT', '/api/objects/uploads/token-1', file);

    expect(lastInit()?.body).toBe(file);
    expect(lastInit()?.headers).toEqual({ 'Content-Type': 'image/png' });
  });

  it('turns a non-OK response into "{status}: {body text}"', async () => {
    setup(
      textResponse('{"statusCode":400,"code":"POST.EMPTY","message":"Content required"}', 400, 'Bad Request'),
    );

    await expect(apiRequest('POST', '/api/posts', {})).rejects.toThrow(
      '400: {"statusCode":400,"code":"POST.EMPTY","message":"Content required"}',
    );
  });

  it('falls back to the status text when the body is empty', async () => {
    setup(textResponse('', 503, 'Service Unavailable'));

    await expect(apiRequest('GET', '/api/posts')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('isUnauthorizedError', () => {
  it.each([
    ['401: Unauthorized', true],
    ['401: {"statusCode":401,"code":"AUTH.REQUIRED","message":"Unauthorized"}', true],
    ['401: session expired', true],
    ['403: Forbidden', false],
    ['500: Unauthorized proxy', false],
    ['Unauthorized', false],
  ])('%s → %s', (message, expected) => {
    expect(isUnauthorizedError(new Error(message))).toBe(expected);
  });

  it('ignores values that are not errors', () => {
    expect(isUnauthorizedError('401: Unauthorized')).toBe(false);
    expect(isUnauthorizedError(null)).toBe(false);
  });
});

describe('errorStatus', () => {
  it('reads the status back from the message', () => {
    expect(errorStatus(new Error('404: Not Found'))).toBe(404);
    expect(errorStatus(new Error('network down'))).toBeNull();
  });
});

describe('errorDetail', () => {
  it('reads the message of a JSON error body, and nothing else', () => {
    expect(errorDetail(new Error('400: {"statusCode":400,"message":"profileName is too long"}'))).toBe(
      'profileName is too long',
    );
    expect(errorDetail(new Error('400: {"message":["bio is too long"]}'))).toBe('bio is too long');
    expect(errorDetail(new Error('502: Bad Gateway'))).toBeNull();
    expect(errorDetail(new Error('network down'))).toBeNull();
  });
});

describe('getJson', () => {
  it('GETs the URL with credentials and parses JSON', async () => {
    const { fetchMock, lastInit } = setup(jsonResponse([{ id: 'c1' }]));

    const data = await getJson<unknown>('/api/posts/p1/comments');

    expect(data).toEqual([{ id: 'c1' }]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/posts/p1/comments');
    expect(lastInit()).toMatchObject({ method: 'GET', credentials: 'include', body: undefined });
  });

  it('reads an empty body as null', async () => {
    setup(new Response(null, { status: 204 }));

    await expect(getJson<unknown>('/api/notifications')).resolves.toBeNull();
  });

  it('treats 401 as an error by default', async () => {
    setup(textResponse('Unauthorized', 401, 'Unauthorized'));

    await expect(getJson<unknown>('/api/auth/user')).rejects.toThrow('401: Unauthorized');
  });

  it("returns null on 401 when the call says 'returnNull'", async () => {
    setup(textResponse('Unauthorized', 401, 'Unauthorized'));

    await expect(getJson<unknown>('/api/auth/user', { on401: 'returnNull' })).resolves.toBeNull();
  });

  it("still fails on other statuses with 'returnNull'", async () => {
    setup(textResponse('', 500, 'Internal Server Error'));

    await expect(getJson<unknown>('/api/auth/user', { on401: 'returnNull' })).rejects.toThrow(
      '500: Internal Server Error',
    );
  });
});
