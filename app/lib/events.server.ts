/**
 * The publish/subscribe seam behind live updates. Events carry a collection name and an
 * id, never the record itself: subscribers re-read what they are allowed to see.
 */
export interface ChangeEvent {
  collection: 'users';
  id: string;
}

export type ChangeListener = (event: ChangeEvent) => void;

export interface EventBus {
  publish(event: ChangeEvent): void;
  subscribe(listener: ChangeListener): () => void;
  close(): Promise<void>;
}

/** One process: events go straight to this process's subscribers. */
export function createInProcessEventBus(): EventBus {
  const listeners = new Set<ChangeListener>();
  return {
    publish(event) {
      for (const listener of listeners) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
