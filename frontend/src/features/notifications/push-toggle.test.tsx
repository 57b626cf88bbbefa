import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { textResponse } from '@/test/fakes';
import { renderComponent } from '@/test/render-component';
import { PushToggle } from './push-toggle';
import { fakeRoute, pending, type Answered, type FakeRoutes } from '@/test/gateway';

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';
// 65 bytes, as a real P-256 public key.
const PUBLIC_KEY = 'BA' + 'A'.repeat(85);

/** A browser with push: a service worker registry, a PushManager and the Notification permission. */
function fakeBrowser({ subscribed = false, permission = 'granted' as NotificationPermission } = {}) {
  const subscription = {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'p', auth: 'a' } }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  };
  let current: typeof subscription | null = subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  const serviceWorker = {
    register: vi.fn(async () => registration),
    getRegistration: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
  };
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker }));
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { requestPermission: vi.fn(async () => permission) });
  return { serviceWorker, pushManager, subscription };
}

function render(routes: FakeRoutes = {}) {
  return renderComponent(
    () => (
      <>
        <PushToggle />
        <Toaster />
      </>
    ),
    {
      ...fakeRoute('GET /api/notifications/vapid-key', () => ({ publicKey: PUBLIC_KEY })),
      ...fakeRoute('POST /api/notifications/subscribe', () => undefined),
      ...fakeRoute('POST /api/notifications/unsubscribe', () => undefined),
      ...routes,
    },
  );
}

const toggleState = () => screen.getByTestId('push-toggle').dataset.state;

describe('PushToggle', () => {
  it('says so when the browser has no push (jsdom has neither service workers nor PushManager)', async () => {
    render();

    await waitFor(() => expect(toggleState()).toBe('unsupported'));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('subscribes: worker, permission, key, PushManager, then the server', async () => {
    const browser = fakeBrowser();
    const { calls } = render();
    await screen.findByTestId('push-enable');
    expect(toggleState()).toBe('unsubscribed');

    await userEvent.click(screen.getByTestId('push-enable'));

    expect(await screen.findByTestId('toast')).toHaveTextContent('Push notifications enabled successfully.');
    expect(toggleState()).toBe('subscribed');
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/sw.js');
    const options = browser.pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options[0].userVisibleOnly).toBe(true);
    expect((options[0].applicationServerKey as Uint8Array).length).toBe(65);
    const subscribe = calls.find((call) => call.url.pathname === '/api/notifications/subscribe');
    expect(JSON.parse(String(subscribe?.init?.body))).toEqual({
      subscription: { endpoint: ENDPOINT, keys: { p256dh: 'p', auth: 'a' } },
    });
  });

  it('shows loading while it works', async () => {
    fakeBrowser();
    const answer = pending<Answered<'GET /api/notifications/vapid-key'>>();
    render(fakeRoute('GET /api/notifications/vapid-key', () => answer.promise));
    await userEvent.click(await screen.findByTestId('push-enable'));

    await waitFor(() => expect(toggleState()).toBe('loading'));
    expect(screen.queryByTestId('push-enable')).toBeNull();
    answer.resolve({ publicKey: PUBLIC_KEY });
    await waitFor(() => expect(toggleState()).toBe('subscribed'));
  });

  it("answers a refused permission with 'Permission Required'", async () => {
    const browser = fakeBrowser({ permission: 'denied' });
    render();
    await userEvent.click(await screen.findByTestId('push-enable'));

    expect(await screen.findByTestId('toast')).toHaveTextContent('Permission Required');
    expect(toggleState()).toBe('unsubscribed');
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('reports a refused subscription with the reason, and drops it from the browser', async () => {
    const browser = fakeBrowser();
    render({ ...fakeRoute('POST /api/notifications/subscribe', () => textResponse('Bad endpoint', 400)) });
    await userEvent.click(await screen.findByTestId('push-enable'));

    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'Failed to enable push notifications: 400: Bad endpoint',
    );
    expect(toggleState()).toBe('unsubscribed');
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
  });

  it('unsubscribes: tells the server the endpoint, then the browser', async () => {
    const browser = fakeBrowser({ subscribed: true });
    const { calls } = render();
    await userEvent.click(await screen.findByTestId('push-disable'));

    await waitFor(() => expect(toggleState()).toBe('unsubscribed'));
    const unsubscribe = calls.find((call) => call.url.pathname === '/api/notifications/unsubscribe');
    expect(JSON.parse(String(unsubscribe?.init?.body))).toEqual({ endpoint: ENDPOINT });
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
  });

  it("says 'Failed to disable push notifications.' and stays subscribed when the server fails", async () => {
    const browser = fakeBrowser({ subscribed: true });
    render({ ...fakeRoute('POST /api/notifications/unsubscribe', () => textResponse('down', 502)) });
    await userEvent.click(await screen.findByTestId('push-disable'));

    expect(await screen.findByTestId('toast')).toHaveTextContent('Failed to disable push notifications.');
    expect(toggleState()).toBe('subscribed');
    expect(browser.subscription.unsubscribe).not.toHaveBeenCalled();
  });
});
