import type { EventTopic } from './live-collections';

/**
 * The publish/subscribe seam behind live updates. Events carry a collection name and an
 * id, never the record itself: subscribers re-read what they are allowed to see.
 */
export interface ChangeEvent {
  collection: EventTopic;
  id: string;
}

export interface Subscriber {
  onEvent: (event: ChangeEvent) => void;
  /** Events may have been missed (a lost connection between servers): re-read everything. */
  onResync?: () => void;
  /** The bus is closing (shutdown): end the stream. */
  onClose?: () => void;
}

export interface EventBus {
  publish(event: ChangeEvent): void;
  subscribe(subscriber: Subscriber): () => void;
  close(): Promise<void>;
}

/** One process: events go straight to this process's subscribers. */
export function createInProcessEventBus(): EventBus {
  const subscribers = new Set<Subscriber>();
  return {
    publish(event) {
      for (const subscriber of subscribers) subscriber.onEvent(event);
    },
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    async close() {
      for (const subscriber of [...subscribers]) subscriber.onClose?.();
      subscribers.clear();
    },
  };
}
