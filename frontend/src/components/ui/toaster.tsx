import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import {
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD_PX,
} from './constants';
import { useToast } from './use-toast';

/** Renders the toast store with the spec's timings (§9, see ./constants). */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <ToastProvider
      duration={TOAST_DURATION_MS}
      swipeDirection={TOAST_SWIPE_DIRECTION}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map(({ id, title, description, action, variant, duration, open }) => (
        <Toast
          key={id}
          open={open}
          duration={duration}
          variant={variant}
          data-testid="toast"
          onOpenChange={(isOpen) => {
            if (!isOpen) dismiss(id);
          }}
        >
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={TOAST_HOTKEY} />
    </ToastProvider>
  );
}
