import { MEDIA_ERROR } from '@daybreak/contracts';
import { ArgumentsHost, HttpException, NotFoundException } from '@nestjs/common';
import { lastValueFrom, isObservable } from 'rxjs';
import { DomainErrorFilter } from './domain-error.filter';
import { BadInputError } from './domain-error';

/** The app's HTTP adapter, faked: what the filter answers, and whether the headers went already. */
function fakeHttpAdapter(headersSent = false) {
  return { isHeadersSent: () => headersSent, reply: jest.fn() };
}

function setup(http = fakeHttpAdapter()) {
  const response = {};
  const host = {
    getType: () => 'http',
    switchToHttp: () => ({ getResponse: () => response }),
  } as unknown as ArgumentsHost;
  const filter = new DomainErrorFilter(http);
  return { send: (error: unknown) => filter.catch(error, host), answer: http.reply, response };
}

describe('DomainErrorFilter', () => {
  it('maps a domain error to its status, code and message', () => {
    const { answer, response, send } = setup();
    send(new BadInputError('POST.TOO_LONG', 'Posts can be at most 2000 characters.'));
    expect(answer).toHaveBeenCalledWith(
      response,
      { statusCode: 400, code: 'POST.TOO_LONG', message: 'Posts can be at most 2000 characters.' },
      400,
    );
  });

  it('keeps the stable code of a service error relayed through the gateway', () => {
    const { answer, response, send } = setup();
    send(
      new HttpException(
        { statusCode: 410, code: MEDIA_ERROR.INTENT_USED, message: 'This upload link was already used.' },
        410,
      ),
    );
    expect(answer).toHaveBeenCalledWith(
      response,
      {
        statusCode: 410,
        code: MEDIA_ERROR.INTENT_USED,
        message: 'This upload link was already used.',
      },
      expect.any(Number),
    );
  });

  it('gives framework errors a code by status', () => {
    const { answer, response, send } = setup();
    send(new NotFoundException('Cannot GET /nope'));
    expect(answer).toHaveBeenCalledWith(
      response,
      {
        statusCode: 404,
        code: 'REQUEST.NOT_FOUND',
        message: 'Cannot GET /nope',
      },
      expect.any(Number),
    );
  });

  it("answers Postgres' refusal of a value (data exception) as bad input, in its own words", () => {
    const { answer, response, send } = setup();
    const nul = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    send(Object.assign(new Error('query failed'), { driverError: nul }));
    expect(answer).toHaveBeenCalledWith(response, expect.anything(), 400);
    expect(answer).toHaveBeenCalledWith(
      response,
      {
        statusCode: 400,
        code: 'REQUEST.INVALID',
        message: expect.stringContaining("can't contain the NUL character"),
      },
      expect.any(Number),
    );
    send(Object.assign(new Error('value too long for type character varying(64)'), { code: '22001' }));
    expect(answer).toHaveBeenLastCalledWith(
      response,

      expect.objectContaining({ message: 'A value is too long.' }),
      expect.any(Number),
    );
  });

  it('answers a database too slow or away 503, saying to try again', () => {
    const { answer, response, send } = setup();
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    send(Object.assign(new Error('query failed'), { driverError: cancelled }));
    expect(answer).toHaveBeenLastCalledWith(
      response,
      { statusCode: 503, code: 'DATABASE.TIMEOUT', message: expect.stringMatching(/try again/i) },
      503,
    );
    for (const away of [
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated due to connection timeout'),
      new Error('Query read timeout'),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ]) {
      send(away);
      expect(answer).toHaveBeenLastCalledWith(
        response,
        { statusCode: 503, code: 'DATABASE.UNAVAILABLE', message: expect.stringMatching(/try again/i) },
        503,
      );
    }
  });

  it('still answers 500 to database errors that are not about the values sent', () => {
    const { answer, response, send } = setup();
    send(Object.assign(new Error('deadlock detected'), { code: '40P01' }));
    expect(answer).toHaveBeenCalledWith(response, expect.anything(), 500);
  });

  it('never leaks an unexpected error: a generic 500 message', () => {
    const { answer, response, send } = setup();
    send(new Error('connection string postgres://secret'));
    expect(answer).toHaveBeenCalledWith(response, expect.anything(), 500);
    expect(answer).toHaveBeenCalledWith(
      response,

      expect.objectContaining({ code: 'INTERNAL', message: expect.not.stringContaining('secret') }),
      expect.any(Number),
    );
  });

  it("drops the Content-Type a route set for its success answer: the error's JSON is named by Fastify", () => {
    const removeHeader = jest.fn();
    const http = fakeHttpAdapter();
    const host = {
      getType: () => 'http',
      switchToHttp: () => ({ getResponse: () => ({ removeHeader }) }),
    } as unknown as ArgumentsHost;
    new DomainErrorFilter(http).catch(new NotFoundException('Post not found'), host);
    expect(removeHeader).toHaveBeenCalledWith('Content-Type');
    expect(removeHeader.mock.invocationCallOrder[0]).toBeLessThan(http.reply.mock.invocationCallOrder[0]);
  });

  it('answers nothing once the headers are sent (a stream that failed midway)', () => {
    const { answer, send } = setup(fakeHttpAdapter(true));
    send(new Error('the disk went away'));
    expect(answer).not.toHaveBeenCalled();
  });

  it("hands an event handler's error back to the transport, which retries the event", async () => {
    const filter = new DomainErrorFilter(fakeHttpAdapter());
    const failure = new Error('the database is away');
    const rpcHost = { getType: () => 'rpc' } as unknown as ArgumentsHost;

    const result = filter.catch(failure, rpcHost);

    expect(isObservable(result)).toBe(true);
    await expect(lastValueFrom(result!)).rejects.toBe(failure);
  });
});
