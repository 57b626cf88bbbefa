import { containersUp } from './containers';
import { TEST_INFRA_VARIABLE, acquireInfrastructure } from './jest-global-setup';
import { nativeInfraUp } from './native-infra';

jest.mock('./containers', () => ({ containersUp: jest.fn(() => Promise.resolve(CONTAINERS)) }));
jest.mock('./native-infra', () => ({ nativeInfraUp: jest.fn(() => NATIVE) }));

const CONTAINERS = {
  DATABASE_URL: 'postgres://daybreak:daybreak@localhost:32771/daybreak_test',
  REDIS_URL: 'redis://localhost:32772',
  KAFKA_BROKERS: 'localhost:32773',
};
const NATIVE = {
  DATABASE_URL: 'postgres://daybreak:daybreak@127.0.0.1:55432/daybreak_test',
  REDIS_URL: 'redis://127.0.0.1:56379',
  KAFKA_BROKERS: '127.0.0.1:9092',
};
const RUNNING = {
  DATABASE_URL: 'postgres://ci/daybreak_test',
  REDIS_URL: 'redis://ci',
  KAFKA_BROKERS: 'ci:9092',
};

describe('the integration tests’ infrastructure', () => {
  beforeEach(() => jest.clearAllMocks());

  it('is, by default, what already runs (npm test, CI), without starting anything', async () => {
    await expect(acquireInfrastructure({ ...RUNNING })).resolves.toEqual(RUNNING);
    expect(nativeInfraUp).not.toHaveBeenCalled();
    expect(containersUp).not.toHaveBeenCalled();
  });

  it('is, by default, the native infrastructure when none runs: never Docker', async () => {
    await expect(acquireInfrastructure({})).resolves.toEqual(NATIVE);
    await expect(acquireInfrastructure({ [TEST_INFRA_VARIABLE]: 'native' })).resolves.toEqual(NATIVE);
    expect(containersUp).not.toHaveBeenCalled();
  });

  it(`is testcontainers' when ${TEST_INFRA_VARIABLE}=containers, whatever the environment says`, async () => {
    await expect(acquireInfrastructure({ ...RUNNING, [TEST_INFRA_VARIABLE]: 'containers' })).resolves.toEqual(
      CONTAINERS,
    );
    expect(nativeInfraUp).not.toHaveBeenCalled();
  });

  it(`refuses a ${TEST_INFRA_VARIABLE} it does not know`, async () => {
    await expect(acquireInfrastructure({ [TEST_INFRA_VARIABLE]: 'docker' })).rejects.toThrow(
      'DAYBREAK_TEST_INFRA is native or containers, not "docker"',
    );
  });
});
