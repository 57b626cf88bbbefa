import { MEDIA_ERROR } from '@daybreak/contracts';
import { ArgumentsHost, HttpException, NotFoundException } from '@nestjs/common';
import { lastValueFrom, isObservable } from 'rxjs';
import { DomainErrorFilter } from './domain-error.filter';
import { BadInputError } from './domain-error';

function setup() {
  const response = { headersSent: false, status: jest.fn(), json: jest.fn() };
  response.status.mockReturnValue(response);
  const host = {
    getType: () => 'http',
    switchToHttp: () => ({ getResponse: () => response }),
  } as unknown as ArgumentsHost;
  const filter = new DomainErrorFilter();
  return { response, send: (error: unknown) => filter.catch(error, host) };
}

describe('DomainErrorFilter', () => {
  it('maps a domain error to its status, code and message', () => {
    const { response, send } = setup();
    send(new BadInputError('POST.TOO_LONG', 'Posts can be at most 2000 characters.'));
    expect(response.status).toHaveBeenCalledWith(400);
    expect(response.json).toHaveBeenCalledWith({
      statusCode: 400,
      code: 'POST.TOO_LONG',
      message: 'Posts can be at most 2000 characters.',
    });
  });

  it('keeps the stable code of a service error relayed through the gateway', () => {
    const { response, send } = setup();
    send(
      new HttpException(
        { statusCode: 410, code: MEDIA_ERROR.INTENT_USED, message: 'This upload link was already used.' },
        410,
      ),
    );
    expect(response.json).toHaveBeenCalledWith({
      statusCode: 410,
      code: MEDIA_ERROR.INTENT_USED,
      message: 'This upload link was already used.',
    });
  });

  it('gives framework errors a code by status', () => {
    const { response, send } = setup();
    send(new NotFoundException('Cannot GET /nope'));
    expect(response.json).toHaveBeenCalledWith({
      statusCode: 404,
      code: 'REQUEST.NOT_FOUND',
      message: 'Cannot GET /nope',
    });
  });

  it("answers Postgres' refusal of a value (data exception) as bad input, in its own words", () => {
    const { response, send } = setup();
    const nul = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    send(Object.assign(new Error('query failed'), { driverError: nul }));
    expect(response.status).toHaveBeenCalledWith(400);
    expect(response.json).toHaveBeenCalledWith({
      statusCode: 400,
      code: 'REQUEST.INVALID',
      message: expect.stringContaining("can't contain the NUL character"),
    });
    send(Object.assign(new Error('value too long for type character varying(64)'), { code: '22001' }));
    expect(response.json).toHaveBeenLastCalledWith(
      expect.objectContaining({ message: 'A value is too long.' }),
    );
  });

  it('still answers 500 to database errors that are not about the values sent', () => {
    const { response, send } = setup();
    send(Object.assign(new Error('deadlock detected'), { code: '40P01' }));
    expect(response.status).toHaveBeenCalledWith(500);
  });

  it('never leaks an unexpected error: a generic 500 message', () => {
    const { response, send } = setup();
    send(new Error('connection string postgres://secret'));
    expect(response.status).toHaveBeenCalledWith(500);
    expect(response.json).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'INTERNAL', message: expect.not.stringContaining('secret') }),
    );
  });

  it("hands an event handler's error back to the transport, which retries the event", async () => {
    const filter = new DomainErrorFilter();
    const failure = new Error('the database is away');
    const rpcHost = { getType: () => 'rpc' } as unknown as ArgumentsHost;

    const result = filter.catch(failure, rpcHost);

    expect(isObservable(result)).toBe(true);
    await expect(lastValueFrom(result!)).rejects.toBe(failure);
  });
});
