/** A small typed event emitter; `on` returns the unsubscribe function. */
type EventMap = Record<string, (...args: never[]) => void>;

export class Emitter<Events extends EventMap> {
  readonly #handlers = new Map<keyof Events, Set<Events[keyof Events]>>();
  readonly #onError: (error: unknown) => void;

  constructor(onError: (error: unknown) => void = (error) => console.error(error)) {
    this.#onError = onError;
  }

  on<K extends keyof Events>(event: K, handler: Events[K]): () => void {
    let set = this.#handlers.get(event);
    if (!set) {
      set = new Set();
      this.#handlers.set(event, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }

  /** Calls every handler; a throwing handler is reported and never stops the others. */
  emit<K extends keyof Events>(event: K, ...args: Parameters<Events[K]>): void {
    const set = this.#handlers.get(event);
    if (!set) return;
    for (const handler of [...set]) {
      try {
        handler(...args);
      } catch (error) {
        this.#onError(error);
      }
    }
  }

  clear(): void {
    this.#handlers.clear();
  }
}
