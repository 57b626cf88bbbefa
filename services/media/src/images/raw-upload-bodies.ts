import { Injectable, OnModuleInit } from '@nestjs/common';
import { AbstractHttpAdapter, HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';

/**
 * Photos arrive as raw bytes with whatever content type the browser gave them. Fastify would refuse
 * a type it has no parser for (415) or read the whole body first; this hands every such body to the
 * handler unread, for `readUploadBody` to count as it streams in. JSON bodies still go to Fastify's
 * own parser (and are then refused as not an image, as before).
 */
@Injectable()
export class RawUploadBodies implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    // The seed script runs the module as a standalone context, without an HTTP server.
    const http: AbstractHttpAdapter | undefined = this.adapterHost.httpAdapter;
    if (!http) return;
    const fastify = http.getInstance() as FastifyInstance;
    fastify.addContentTypeParser('*', (_request, _body, done) => done(null));
  }
}
