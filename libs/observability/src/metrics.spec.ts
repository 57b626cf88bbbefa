import { EVENT_LOOP_SAMPLE_MS, collectNodeMetrics, renderMetrics } from './metrics';

// The module prom-client itself requires (not an import's interop copy), so the spy sees its call.
const perfHooks = jest.requireActual<typeof import('node:perf_hooks')>('node:perf_hooks');

describe("Node's own metrics", () => {
  it('sample the event-loop lag every 50 ms rather than wake the process 100 times a second', async () => {
    const monitor = jest.spyOn(perfHooks, 'monitorEventLoopDelay');
    collectNodeMetrics();
    expect(EVENT_LOOP_SAMPLE_MS).toBe(50);
    expect(monitor).toHaveBeenCalledTimes(1);
    expect(monitor).toHaveBeenCalledWith({ resolution: EVENT_LOOP_SAMPLE_MS });
    expect(await renderMetrics()).toContain('nodejs_eventloop_lag_p99_seconds');
  });
});
