import { FeatureSlot } from '@/components/layout/feature-slot';

/** Slot: the push notifications toggle of the own profile (spec §2), built by the notifications issue. */
export function PushToggleSlot() {
  return <FeatureSlot name="Push notifications" testId="push-toggle-slot" />;
}
