import { TOAST_DURATIONS_MS, TOAST_GAP_PX, TOAST_POSITION } from '@matchmaker/sdk/rules';
import { Toaster } from 'react-hot-toast';

/**
 * SPEC.md section 9: top-center, 8 px apart, 4000 ms (30000 ms for loading). Loaded lazily by
 * app.tsx after the first paint, with the library (lib/toast.ts).
 */
export default function Toasts() {
  return (
    <Toaster
      position={TOAST_POSITION}
      gutter={TOAST_GAP_PX}
      toastOptions={{
        className: 'toast',
        duration: TOAST_DURATIONS_MS.blank,
        success: { duration: TOAST_DURATIONS_MS.success },
        error: { duration: TOAST_DURATIONS_MS.error },
        loading: { duration: TOAST_DURATIONS_MS.loading },
      }}
    />
  );
}
