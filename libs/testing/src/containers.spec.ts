import { CONTAINER_IMAGES, containersUp } from './containers';

/**
 * What a module's container was told before `start()`, and what the started one answers: the start
 * itself is Docker's, which these machines do not have.
 */
const told: Record<string, { image: string; calls: [string, ...unknown[]][] }> = {};

function fakeContainer(name: string, started: object) {
  return class {
    constructor(image: string) {
      told[name] = { image, calls: [] };
      const builder: object = new Proxy(this, {
        get: (_target, method: string) =>
          method === 'start'
            ? () => Promise.resolve(started)
            : (...args: unknown[]) => {
                told[name].calls.push([method, ...args]);
                return builder;
              },
      });
      return builder;
    }
  };
}

jest.mock('@testcontainers/postgresql', () => ({
  PostgreSqlContainer: fakeContainer('postgres', {
    getConnectionUri: () => 'postgres://daybreak:daybreak@localhost:32771/daybreak_test',
  }),
}));
jest.mock('@testcontainers/redis', () => ({
  RedisContainer: fakeContainer('redis', { getConnectionUrl: () => 'redis://localhost:32772' }),
}));
jest.mock('@testcontainers/kafka', () => ({
  KafkaContainer: fakeContainer('kafka', {
    getHost: () => 'localhost',
    getMappedPort: (port: number) => (port === 9093 ? 32773 : 0),
  }),
}));

const calledWith = (name: string, method: string) =>
  told[name].calls.filter(([each]) => each === method).map(([, ...args]) => args);

describe('containersUp', () => {
  it('answers the addresses of the ports Docker picked, and creates the topics on that broker', async () => {
    const createTopics = jest.fn();
    await expect(containersUp(createTopics)).resolves.toEqual({
      DATABASE_URL: 'postgres://daybreak:daybreak@localhost:32771/daybreak_test',
      REDIS_URL: 'redis://localhost:32772',
      KAFKA_BROKERS: 'localhost:32773',
    });
    expect(createTopics).toHaveBeenCalledWith('localhost:32773');
  });

  it('binds no fixed host port', async () => {
    await containersUp(jest.fn());
    for (const name of ['postgres', 'redis', 'kafka'])
      for (const ports of calledWith(name, 'withExposedPorts'))
        expect(ports.filter((port) => typeof port !== 'number')).toEqual([]);
  });

  it('starts the images and settings of the native infrastructure', async () => {
    await containersUp(jest.fn());
    expect(Object.fromEntries(Object.entries(told).map(([name, { image }]) => [name, image]))).toEqual(
      CONTAINER_IMAGES,
    );
    expect(calledWith('postgres', 'withDatabase')).toEqual([['daybreak_test']]);
    expect(calledWith('postgres', 'withCommand')[0][0]).toEqual(
      expect.arrayContaining(['max_connections=200']),
    );
    expect(calledWith('kafka', 'withKraft')).toEqual([[]]);
    expect(calledWith('kafka', 'withEnvironment')[0][0]).toMatchObject({
      KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
    });
  });

  it("reads Kafka's address on the port testcontainers' Kafka module exposes for clients outside Docker", () => {
    const { KafkaContainer } =
      jest.requireActual<typeof import('@testcontainers/kafka')>('@testcontainers/kafka');
    const kafka = new KafkaContainer(CONTAINER_IMAGES.kafka) as unknown as { exposedPorts: unknown[] };
    expect(kafka.exposedPorts).toEqual([9093]);
  });
});
