import { FeatureSlot } from '@/components/layout/feature-slot';

/** Slot: earned, upcoming and next-target badges (spec §2), built by the streaks issue. */
export function BadgeSectionsSlot() {
  return <FeatureSlot name="Badges" testId="badge-sections-slot" />;
}

/** Slot: the push notifications toggle of the own profile (spec §2), built by the notifications issue. */
export function PushToggleSlot() {
  return <FeatureSlot name="Push notifications" testId="push-toggle-slot" />;
}
