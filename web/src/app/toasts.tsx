import { TOAST_DURATIONS_MS, TOAST_GAP_PX, TOAST_POSITION } from '@matchmaker/sdk/rules';
import { useEffect, useSyncExternalStore } from 'react';
import toast, { ToastBar, Toaster, useToasterStore } from 'react-hot-toast';
import { MOST_SHOWN, SHORT_VIEW, toastsPastLimit } from './toast-limit';

/**
 * Rendered inside the header (app.tsx), whose bottom edge is their top: over the header, a toast
 * hid the main navigation's middle links for its 4 s, and for as long as the pointer rested on it,
 * as react-hot-toast pauses a toast under the pointer; a click meant for Messages went to the
 * toast. The header is sticky, so the toasts stay below it as the page scrolls, whatever its
 * height (its navigation wraps on narrow screens and the menu opens inside it). A visitor's header
 * in two rows on the narrowest phones is not (layout.css): a toast raised there after the visitor
 * scrolled down would be out of view below it, but a visitor's toasts come with a new page (a
 * session's end, a failed start), which opens at its top.
 */
const BELOW_THE_HEADER = {
  position: 'absolute',
  // `--toast-below`: controls a screen keeps right below the header, which toasts leave clear too
  // (a phone's open room: its way back, Block and Report; features/messages/messages.css).
  top: `calc(100% + var(--toast-below, 0px) + ${TOAST_GAP_PX}px)`,
  bottom: 'auto',
} as const;

/**
 * A toast comes in and goes where it stands (components.css: a fade and a slight scale), not
 * react-hot-toast's slide from twice its height above its place, which crossed the header (its
 * logo and menu button on a phone) for 0.35 s; a tap there went to the toast. Until its height is
 * measured, the library keeps it transparent.
 */
const ENTER = { animation: 'toast-enter 0.35s cubic-bezier(.21, 1.02, .73, 1) forwards' };
const EXIT = { animation: 'toast-exit 0.4s cubic-bezier(.06, .71, .55, 1) forwards' };

/** Follows the view's height (the phone turns, the text size changes); module-level, so React subscribes once. */
function onViewHeight(changed: () => void): () => void {
  const query = window.matchMedia(SHORT_VIEW);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}
const isShortView = (): boolean => window.matchMedia(SHORT_VIEW).matches;

/** Dismisses the toasts past the view's limit (toast-limit.ts), as they come and as the view turns. */
function useToastLimit(): void {
  const { toasts } = useToasterStore();
  const short = useSyncExternalStore(onViewHeight, isShortView);
  useEffect(() => {
    for (const id of toastsPastLimit(toasts, short ? MOST_SHOWN.short : MOST_SHOWN.tall)) toast.dismiss(id);
  }, [toasts, short]);
}

/**
 * SPEC.md section 9: top-center, 8 px apart, 4000 ms (30000 ms for loading). Loaded lazily by
 * app.tsx after the first paint, with the library (lib/toast.ts).
 */
export default function Toasts() {
  useToastLimit();
  return (
    <Toaster
      position={TOAST_POSITION}
      gutter={TOAST_GAP_PX}
      containerStyle={BELOW_THE_HEADER}
      toastOptions={{
        className: 'toast',
        duration: TOAST_DURATIONS_MS.blank,
        success: { duration: TOAST_DURATIONS_MS.success },
        error: { duration: TOAST_DURATIONS_MS.error },
        loading: { duration: TOAST_DURATIONS_MS.loading },
      }}
    >
      {(toast) => (
        <ToastBar toast={toast} style={toast.height ? (toast.visible ? ENTER : EXIT) : undefined} />
      )}
    </Toaster>
  );
}
