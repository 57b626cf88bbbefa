import { Injectable, OnModuleInit } from '@nestjs/common';
import { AbstractHttpAdapter, HttpAdapterHost } from '@nestjs/core';
import { fastifyOf, leaveRawBodiesUnread } from '@daybreak/nest-common';

/** Uploads reach `readUploadBody` unread, to be counted as they stream in (see `leaveRawBodiesUnread`). */
@Injectable()
export class RawUploadBodies implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    // The seed script runs the module as a standalone context, without an HTTP server.
    const http: AbstractHttpAdapter | undefined = this.adapterHost.httpAdapter;
    if (http) leaveRawBodiesUnread(fastifyOf(http));
  }
}
