declare global {
  interface Navigator {
    /** Global Privacy Control (https://globalprivacycontrol.org), where the browser has it. */
    readonly globalPrivacyControl?: boolean;
  }
}

/**
 * The person asked not to be tracked: Global Privacy Control, or the older Do Not Track. Either
 * switches analytics off entirely (ADR 0033), first-party or not.
 */
export function trackingRefused(): boolean {
  if (typeof navigator === 'undefined') return true;
  return navigator.globalPrivacyControl === true || navigator.doNotTrack === '1';
}
