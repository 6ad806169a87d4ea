/**
 * Which toasts give way when more are raised than may show (app/toast-limit.ts). The toasts are
 * as react-hot-toast's store lists them: newest first, each with the time it was raised, or last
 * raised again by id (its `createToast` stamps `createdAt` on every raise, an update included).
 */
import type { Toast } from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { toastsPastLimit } from '../../src/app/toast-limit';

const raised = (id: string, type: Toast['type'], createdAt: number, visible = true): Toast => ({
  id,
  type,
  createdAt,
  visible,
  dismissed: !visible,
  message: id,
  pauseDuration: 0,
  ariaProps: { role: 'status', 'aria-live': 'polite' },
});

describe('the toasts past the limit', () => {
  it('are the older ones: the newest stay', () => {
    const toasts = [raised('c', 'success', 3), raised('b', 'blank', 2), raised('a', 'success', 1)];
    expect(toastsPastLimit(toasts, 1)).toEqual(['b', 'a']);
    expect(toastsPastLimit(toasts, 3)).toEqual([]);
  });

  it('leave an error before any other toast, whatever came after it', () => {
    const toasts = [
      raised('notification', 'blank', 3),
      raised('refused', 'error', 2),
      raised('sent', 'success', 1),
    ];
    expect(toastsPastLimit(toasts, 1)).toEqual(['notification', 'sent']);
    // Between errors, the newer stays.
    expect(toastsPastLimit([raised('second', 'error', 2), raised('first', 'error', 1)], 1)).toEqual([
      'first',
    ]);
  });

  it('count only the toasts still shown', () => {
    const toasts = [
      raised('new', 'blank', 3),
      raised('leaving', 'blank', 2, false),
      raised('old', 'blank', 1),
    ];
    expect(toastsPastLimit(toasts, 2)).toEqual([]);
    expect(toastsPastLimit(toasts, 1)).toEqual(['old']);
  });

  it('keep a toast given its outcome by id, though it keeps its place in the list', () => {
    // 'upload' was raised loading first, pushed out by two newer toasts, then raised again by id
    // with its outcome: the store updates it where it stands, last, with the update's time.
    const toasts = [raised('b', 'blank', 3), raised('a', 'blank', 2), raised('upload', 'success', 4)];
    expect(toastsPastLimit(toasts, 1)).toEqual(['b', 'a']);
  });
});
