import { ArgumentMetadata } from '@nestjs/common';
import { BadInputError } from '@daybreak/nest-common';
import { BadPathSegmentError, downstreamPath } from './downstream-path';
import { ImageIdParam, InviteCodeParam, UploadTokenParam, UuidParam } from './path-param.pipe';

const POST_ID = '0b6c3c1e-8f7a-4c55-9a39-2f1d0c6b7e21';
const COMMENT_ID = 'A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D';

/** What a client can make Express hand over, once it has decoded the path. */
const HOSTILE = {
  'a dot-dot segment (also what %2e%2e decodes to)': '..',
  'a dot segment': '.',
  'a still-encoded dot-dot (%252e%252e decoded once), which URL parsing also resolves': '%2e%2e',
  'a slash': `${POST_ID}/like`,
  'an encoded slash': '%2f',
  'a backslash': '..\\x',
  'a NUL': `${POST_ID}\u0000`,
  'a control character': 'a\nb',
  'a space': 'a b',
  'a query': 'x?viewer=1',
  'an empty value': '',
};

describe('downstreamPath', () => {
  it('builds a path from uuids and route patterns, unchanged', () => {
    expect(downstreamPath`/posts/${POST_ID}/comments/${COMMENT_ID}`).toBe(
      `/posts/${POST_ID}/comments/${COMMENT_ID}`,
    );
    expect(downstreamPath`/upload-intents/${'Zm9v_YmFy-0'}`).toBe('/upload-intents/Zm9v_YmFy-0');
    expect(downstreamPath`/posts`).toBe('/posts');
  });

  it.each(Object.entries(HOSTILE))('refuses %s with a 400 domain error', (_, value) => {
    const build = () => downstreamPath`/posts/${POST_ID}/comments/${value}`;
    expect(build).toThrow(BadPathSegmentError);
    expect(build).toThrow(expect.objectContaining({ status: 400, code: 'REQUEST.INVALID_PATH' }));
  });

  it('refuses a value that is not a string at all', () => {
    expect(() => downstreamPath`/posts/${undefined as unknown as string}`).toThrow(BadPathSegmentError);
  });
});

describe('path parameter pipes', () => {
  const param = (name: string): ArgumentMetadata => ({ type: 'param', data: name });

  it('passes uuids, upload tokens and image ids through', () => {
    expect(UuidParam.transform(POST_ID, param('id'))).toBe(POST_ID);
    expect(UuidParam.transform(COMMENT_ID, param('commentId'))).toBe(COMMENT_ID);
    expect(UploadTokenParam.transform('Zm9v_YmFy-0', param('token'))).toBe('Zm9v_YmFy-0');
    expect(ImageIdParam.transform(POST_ID, param('id'))).toBe(POST_ID);
    expect(InviteCodeParam.transform('Zm9v_YmFy-0Zm9v_', param('code'))).toBe('Zm9v_YmFy-0Zm9v_');
  });

  it.each(Object.entries(HOSTILE))('refuses %s, naming the parameter', (_, value) => {
    for (const pipe of [UuidParam, UploadTokenParam, ImageIdParam, InviteCodeParam]) {
      expect(() => pipe.transform(value, param('commentId'))).toThrow(
        expect.objectContaining({
          code: 'REQUEST.INVALID_PATH',
          message: expect.stringMatching(/^commentId /),
        }),
      );
    }
  });

  it("refuses a safe value that is not the route's own pattern", () => {
    const attempt = () => UuidParam.transform('not-a-uuid', param('id'));
    expect(attempt).toThrow(BadInputError);
    expect(attempt).toThrow('id must be a UUID.');
    expect(() => UploadTokenParam.transform('a.b', param('token'))).toThrow('token must be an upload token.');
    expect(() => InviteCodeParam.transform('short', param('code'))).toThrow('code must be an invite code.');
  });
});
