import { RunningService } from '@daybreak/messaging';
import { asViewer, consumedBy, serviceUnderTest, startTestService, testServiceEnv } from '@daybreak/testing';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { loadPostsConfig } from '../src/config';

type StartOptions = NonNullable<Parameters<typeof startTestService>[2]>;

/** The posts service against the real test infrastructure (a second process: `{ keepSchema: true }`). */
export function startPosts(options: StartOptions = {}): Promise<RunningService> {
  return startTestService('posts', AppModule.forConfig(loadPostsConfig(testServiceEnv())), options);
}

/**
 * For a describe block: the posts service with its consumers (serviceUnderTest). `caughtUp` waits
 * until it has applied what earlier files left on its topics, for tests that a late event would upset.
 * `api` calls it; `as(viewer)` calls it as the gateway does for a member or a guest (null);
 * `consumed` publishes an event and resolves once posts has applied it.
 */
export function postsUnderTest(options: Pick<StartOptions, 'caughtUp'> = {}) {
  const service = serviceUnderTest(() => startPosts({ consumes: true, ...options }));
  const api = () => request(service().url);
  return {
    service,
    api,
    as: (viewer: string | null) => ({
      get: (path: string) => api().get(path).set(asViewer('posts', viewer)),
      post: (path: string, body?: object) => api().post(path).set(asViewer('posts', viewer)).send(body),
    }),
    consumed: consumedBy('posts'),
  };
}
