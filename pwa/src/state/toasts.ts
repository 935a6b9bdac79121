import { create } from 'zustand';

/** One toast at a time, 5 s by default (reader-area.md §9). */
export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
  duration: number;
}

interface ToastState {
  current: Toast | null;
  show(toast: Omit<Toast, 'id' | 'variant' | 'duration'> & Partial<Pick<Toast, 'variant' | 'duration'>>): void;
  dismiss(): void;
}

let nextId = 0;
export const useToasts = create<ToastState>((set) => ({
  current: null,
  show: (toast) => set({ current: { variant: 'default', duration: 5000, ...toast, id: (nextId += 1) } }),
  dismiss: () => set({ current: null }),
}));

export const toast = (title: string, description?: string, variant: Toast['variant'] = 'default') =>
  useToasts.getState().show({ title, description, variant });
