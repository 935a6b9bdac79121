import { cleanup } from '@testing-library/react';
import { useToasts } from '../../state/toasts';
import { invalidate } from '../data';

/**
 * For component tests: jsdom has <dialog> but neither showModal nor close. Enough of both for the admin
 * dialogs: the open attribute (which makes the content visible to queries) and the close event.
 */
export function installDialogPolyfill() {
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal === 'function') return;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

/** After each test: unmount, forget every admin read and the last toast, so no test sees another's. */
export function resetAdminScreens() {
  cleanup();
  invalidate('/');
  useToasts.getState().dismiss();
}
