import { EventEmitter } from 'node:events';
import { Kafka } from 'kafkajs';
import { UnitOfWork } from '../outbox/unit-of-work';
import { KafkaEventServer } from './kafka-event.server';

/** Just enough of a kafkajs consumer to see what the server does with it. */
function fakeConsumer() {
  const emitter = new EventEmitter();
  return {
    events: { GROUP_JOIN: 'group-join', CRASH: 'crash' },
    on: (event: string, listener: (payload: unknown) => void) => emitter.on(event, listener),
    emit: (event: string, payload: unknown) => emitter.emit(event, payload),
    connect: jest.fn().mockResolvedValue(undefined),
    subscribe: jest.fn().mockResolvedValue(undefined),
    run: jest.fn().mockResolvedValue(undefined),
    disconnect: jest.fn().mockResolvedValue(undefined),
  };
}

function setup() {
  const consumers: ReturnType<typeof fakeConsumer>[] = [];
  const kafka = {
    consumer: jest.fn(() => consumers[consumers.push(fakeConsumer()) - 1]),
  } as unknown as Kafka;
  const unitOfWork = {} as UnitOfWork; // never reached: these specs deliver no message
  const server = new KafkaEventServer(
    { clientId: 'test', brokers: ['unused:9092'], groupId: 'test', unitOfWork },
    kafka,
  );
  server.addHandler('post.created', jest.fn(), true, { event: 'post.created', consumer: 'test' });
  return { server, consumers };
}

describe('KafkaEventServer', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('rebuilds the consumer after a crash kafkajs will not restart', async () => {
    const { server, consumers } = setup();
    await server.listen(() => undefined);

    consumers[0].emit('crash', { payload: { error: new Error('no group coordinator'), restart: false } });
    await jest.advanceTimersByTimeAsync(1000);

    expect(consumers).toHaveLength(2);
    expect(consumers[0].disconnect).toHaveBeenCalled();
    expect(consumers[1].subscribe).toHaveBeenCalledWith({ topics: ['post.created.v1'], fromBeginning: true });
    expect(consumers[1].run).toHaveBeenCalled();
    expect(server.crashes).toBe(1);
  });

  it('leaves restarts that kafkajs performs itself to kafkajs', async () => {
    const { server, consumers } = setup();
    await server.listen(() => undefined);

    consumers[0].emit('crash', { payload: { error: new Error('connection refused'), restart: true } });
    await jest.advanceTimersByTimeAsync(60_000);

    expect(consumers).toHaveLength(1);
  });

  it('backs off between failed restarts and stops trying once closed', async () => {
    const { server, consumers } = setup();
    await server.listen(() => undefined);
    const crash = (index: number) =>
      consumers[index].emit('crash', { payload: { error: new Error('x'), restart: false } });

    crash(0);
    await jest.advanceTimersByTimeAsync(1000);
    crash(1);
    await jest.advanceTimersByTimeAsync(1999);
    expect(consumers).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(consumers).toHaveLength(3);

    crash(2);
    await server.close();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(consumers).toHaveLength(3);
  });

  it('resolves waitUntilJoined once the group is joined', async () => {
    const { server, consumers } = setup();
    await server.listen(() => undefined);
    let joined = false;
    void server.waitUntilJoined().then(() => (joined = true));

    consumers[0].emit('group-join', {});
    await jest.advanceTimersByTimeAsync(0);

    expect(joined).toBe(true);
  });
});
