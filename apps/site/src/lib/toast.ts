import type { NotifyKind } from './api/client';

/**
 * Shows a toast without putting sonner (about 10 kB gzipped) into the first bundle: it loads on
 * first use. sonner replays toasts created before its <Toaster> subscribes, so none are lost.
 */
export function showToast(kind: NotifyKind, message: string): void {
  void import('sonner').then(({ toast }) => {
    if (kind === 'error') toast.error(message);
    else toast.success(message);
  });
}
