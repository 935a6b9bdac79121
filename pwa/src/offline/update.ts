import { create } from 'zustand';

/** A new version of the app is waiting: the reader chooses when to reload (nothing changes under their hands). */
interface UpdateState {
  waiting: boolean;
  apply: (() => void) | null;
  offer(apply: () => void): void;
}

export const useUpdate = create<UpdateState>((set) => ({
  waiting: false,
  apply: null,
  offer: (apply) => set({ waiting: true, apply }),
}));
