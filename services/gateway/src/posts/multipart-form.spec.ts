import 'reflect-metadata';
import { MEDIA_ERROR } from '@daybreak/contracts';
import { createServiceApp, fastifyOf } from '@daybreak/nest-common';
import fastifyMultipart from '@fastify/multipart';
import {
  Body,
  CanActivate,
  Controller,
  ExecutionContext,
  ForbiddenException,
  Injectable,
  Module,
  Post,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { FormPhoto, MultipartForm } from './multipart-form';
import type { UploadedPhoto } from './post-publishing.service';

/** Stands in for the session and rate-limit guards: refuses a request that says so. */
@Injectable()
class RefuseWhenAsked implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (request.headers['x-refuse']) throw new ForbiddenException('Refused before the body');
    return true;
  }
}

@Controller('posts')
class FormController {
  @Post()
  @UseGuards(RefuseWhenAsked)
  @UseInterceptors(MultipartForm({ fileField: 'image', fileSize: 1024, files: 1, fields: 3 }))
  create(@Body() body: unknown, @FormPhoto() image?: UploadedPhoto) {
    return { body, image: image && { bytes: image.buffer.length, mimetype: image.mimetype } };
  }
}

@Module({ controllers: [FormController], providers: [RefuseWhenAsked] })
class FormModule {}

describe('MultipartForm', () => {
  let app: NestFastifyApplication;
  let url: string;
  beforeAll(async () => {
    app = await createServiceApp(FormModule, { name: 'gateway', logLevel: 'silent' });
    await fastifyOf(app).register(fastifyMultipart);
    await app.listen(0, '127.0.0.1');
    url = `${await app.getUrl()}/posts`;
  });
  afterAll(() => app.close());

  const photo = (bytes: number) => new Blob([new Uint8Array(bytes).fill(1)], { type: 'image/png' });
  const post = async (body: FormData | string, headers: Record<string, string> = {}) => {
    const response = await fetch(url, { method: 'POST', body, headers });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const form = (entries: [string, string | Blob][]) => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return data;
  };

  it('reads the text fields into the body and the photo into @FormPhoto, a repeated field as a list', async () => {
    const answer = await post(
      form([
        ['content', 'Up at five'],
        ['tag', 'run'],
        ['tag', 'read'],
        ['image', photo(600)],
      ]),
    );
    expect(answer).toEqual({
      status: 201,
      body: {
        body: { content: 'Up at five', tag: ['run', 'read'] },
        image: { bytes: 600, mimetype: 'image/png' },
      },
    });
  });

  it('leaves a JSON body as Fastify parsed it, without a photo', async () => {
    const answer = await post(JSON.stringify({ content: 'Up at five' }), {
      'content-type': 'application/json',
    });
    expect(answer).toEqual({ status: 201, body: { body: { content: 'Up at five' } } });
  });

  it('answers the limits as multer did: 413 for a large photo, 400 for extra fields or files', async () => {
    expect(await post(form([['image', photo(2048)]]))).toMatchObject({
      status: 413,
      body: { code: MEDIA_ERROR.TOO_LARGE },
    });
    expect(
      await post(
        form([
          ['a', '1'],
          ['b', '2'],
          ['c', '3'],
          ['d', '4'],
        ]),
      ),
    ).toMatchObject({
      status: 400,
      body: { message: 'Too many fields' },
    });
    expect(await post(form([['avatar', photo(10)]]))).toMatchObject({
      status: 400,
      body: { message: 'Unexpected file field - avatar' },
    });
    expect(
      await post(
        form([
          ['image', photo(10)],
          ['image', photo(10)],
        ]),
      ),
    ).toMatchObject({
      status: 400,
      body: { message: 'Too many files' },
    });
  });

  it('runs after the guards: a refused request is answered before its form is read', async () => {
    expect(await post(form([['image', photo(2048)]]), { 'x-refuse': 'yes' })).toMatchObject({
      status: 403,
      body: { message: 'Refused before the body' },
    });
  });

  it('answers a truncated form with a 400, not a 500', async () => {
    const boundary = 'daybreak-boundary';
    const truncated = `--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\nUp at fi`;
    expect(
      await post(truncated, { 'content-type': `multipart/form-data; boundary=${boundary}` }),
    ).toMatchObject({
      status: 400,
    });
  });
});
