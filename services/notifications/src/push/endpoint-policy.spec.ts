import { refusePushEndpoint } from './endpoint-policy';

const LOCAL = 'Push endpoints on loopback or private addresses are not allowed.';

describe('refusePushEndpoint', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://eu.push.services.mozilla.com/x',
    'https://web.push.apple.com/abc',
    'https://db5p.notify.windows.com/w/?token=abc',
  ])('accepts %s', (endpoint) => {
    expect(refusePushEndpoint(endpoint, [])).toBeNull();
  });

  it.each([
    ['not a url', 'The push endpoint is not a URL.'],
    ['http://fcm.googleapis.com/fcm/send/abc', 'Push endpoints must use https.'],
    ['https://user:pw@fcm.googleapis.com/x', 'Push endpoints must not contain credentials.'],
    ['https://fcm.googleapis.com:8443/x', 'Push endpoints must use the standard https port.'],
    ['https://127.0.0.1/x', LOCAL],
    ['https://[::1]/x', LOCAL],
    ['https://[fd00::1]/x', LOCAL],
    ['https://[::ffff:127.0.0.1]/x', LOCAL],
    ['https://192.168.1.10/x', LOCAL],
    ['https://172.20.0.1/x', LOCAL],
    ['https://169.254.169.254/latest/meta-data', LOCAL],
    ['https://localhost/x', LOCAL],
    ['https://metadata.google.internal/x', LOCAL],
    ['https://8.8.8.8/x', 'Push endpoints must name a push service, not an IP address.'],
    ['https://googleapis.com/x', 'Unknown push service "googleapis.com"'],
    ['https://evilpush.apple.com.example/x', 'Unknown push service'],
    ['https://notpush.apple.com/x', 'Unknown push service'],
  ])('refuses %s', (endpoint, reason) => {
    expect(refusePushEndpoint(endpoint, [])).toContain(reason);
  });

  it('accepts a configured extra origin, and only that exact origin', () => {
    const extra = ['http://127.0.0.1:9999'];
    expect(refusePushEndpoint('http://127.0.0.1:9999/push/1', extra)).toBeNull();
    expect(refusePushEndpoint('http://127.0.0.1:9998/push/1', extra)).toBe('Push endpoints must use https.');
  });
});
