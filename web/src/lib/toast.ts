/**
 * Transient messages (react-hot-toast) with SPEC.md section 9's types: react-hot-toast has blank,
 * error, success and loading; warning and info are blank toasts with their own icon and style.
 * Durations and position come from the SDK's constants, applied by <Toasts/>.
 *
 * The library loads once the first screen is shown, or with the first toast if that comes sooner
 * (it is not needed to show a page), so these calls are fire-and-forget. To update a toast
 * (loading, then success) give both calls the same `id`: `notify.loading('Saving…', { id: 'save' })`,
 * then `notify.success('Saved', { id: 'save' })`.
 */
import { TOAST_DURATIONS_MS } from '@matchmaker/sdk/rules';
import type { ToastOptions } from 'react-hot-toast';
import { loadOnce } from './load-once';

type Toast = typeof import('react-hot-toast').default;

/** react-hot-toast styles toasts inline, so the two extra types are styled the same way. */
const TYPE_STYLES = {
  warning: {
    background: 'var(--color-warning-soft)',
    color: 'var(--color-warning)',
    borderLeft: '4px solid var(--color-warning)',
  },
  info: {
    background: 'var(--color-info-soft)',
    color: 'var(--color-info)',
    borderLeft: '4px solid var(--color-info)',
  },
} as const;

let raised = false;
let firstToast: (() => void) | null = null;

/** Runs `listener` once, when the first toast is raised (at once if one has been). */
export function onFirstToast(listener: () => void): void {
  if (raised) listener();
  else firstToast = listener;
}

/**
 * Loads react-hot-toast once for every notify call (<Toasts/> imports it too, so the two share
 * one chunk); a failed load is tried again by the next toast.
 */
const loadToastLibrary = loadOnce(() => import('react-hot-toast').then((module) => module.default));

function show(run: (toast: Toast) => void): void {
  raised = true;
  const first = firstToast;
  firstToast = null;
  first?.();
  loadToastLibrary().then(run, (error: unknown) => console.error('Toasts could not load', error));
}

export const notify = {
  blank: (message: string, options?: ToastOptions) => show((toast) => toast(message, options)),
  success: (message: string, options?: ToastOptions) => show((toast) => toast.success(message, options)),
  error: (message: string, options?: ToastOptions) => show((toast) => toast.error(message, options)),
  loading: (message: string, options?: ToastOptions) => show((toast) => toast.loading(message, options)),
  warning: (message: string, options?: ToastOptions) =>
    show((toast) =>
      toast(message, {
        icon: '⚠️',
        className: 'toast toast--warning',
        style: TYPE_STYLES.warning,
        duration: TOAST_DURATIONS_MS.warning,
        ariaProps: { role: 'alert', 'aria-live': 'assertive' },
        ...options,
      }),
    ),
  info: (message: string, options?: ToastOptions) =>
    show((toast) =>
      toast(message, {
        icon: 'ℹ️',
        className: 'toast toast--info',
        duration: TOAST_DURATIONS_MS.info,
        ...options,
      }),
    ),
  dismiss: (id?: string) => show((toast) => toast.dismiss(id)),
};
