import { FILE_TOO_LARGE_MESSAGE, MEDIA_ERROR } from '@daybreak/contracts';
import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { readUploadBody } from './upload-body';

/** A request stand-in: a stream with headers, as Node's IncomingMessage is. */
function upload(headers: Record<string, string> = {}) {
  const stream = new PassThrough();
  return { stream, request: Object.assign(stream, { headers }) as unknown as IncomingMessage };
}

describe('readUploadBody', () => {
  it('collects the body', async () => {
    const { stream, request } = upload();
    const body = readUploadBody(request, 10);
    stream.end(Buffer.from('0123456789'));
    expect((await body).toString()).toBe('0123456789');
  });

  it('refuses a declared length over the limit without reading', async () => {
    const { request } = upload({ 'content-length': '11' });
    await expect(readUploadBody(request, 10)).rejects.toMatchObject({
      status: 413,
      code: MEDIA_ERROR.TOO_LARGE,
    });
  });

  it('refuses an undeclared body once it passes the limit, and keeps draining it', async () => {
    const { stream, request } = upload();
    const body = readUploadBody(request, 10);
    stream.write(Buffer.alloc(6));
    stream.write(Buffer.alloc(6));
    await expect(body).rejects.toMatchObject({ status: 413, message: FILE_TOO_LARGE_MESSAGE });
    expect(stream.readableFlowing).toBe(true);
    stream.end(Buffer.alloc(1000));
  });

  it('reports a client that went away mid-upload as an interrupted upload', async () => {
    const { stream, request } = upload();
    const body = readUploadBody(request, 10);
    stream.write(Buffer.alloc(3));
    stream.destroy();
    await expect(body).rejects.toMatchObject({ status: 400, code: MEDIA_ERROR.UPLOAD_INTERRUPTED });
  });
});
