type Flight<T> = { running?: Promise<T>; next?: Promise<T>; kept?: { value: T; until: number } };

export type SharedReads<T> = ((key: string) => Promise<T>) & {
  /** Drops what is kept, so the next request reads again (after this instance changed what is read). */
  forget(): void;
};

const ignore = () => {};

/**
 * One read shared by every request for the same key that arrived before the read began (decision 049). Under load
 * the requests of a moment wait for one database statement instead of each sending its own; each still sees every
 * change committed before it arrived, on any instance, because the read it gets started after it came in. Nothing
 * is kept once the reads for a key are done, unless `keepForMs` allows a short caching: then a read's answer also
 * serves the requests that come within that time of its start.
 */
export function sharedReads<T>(
  read: (key: string) => Promise<T>,
  { keepForMs = 0 }: { keepForMs?: number } = {},
): SharedReads<T> {
  let flights = new Map<string, Flight<T>>();

  const start = (key: string, flight: Flight<T>): Promise<T> => {
    const began = Date.now();
    const running: Promise<T> = read(key).then((value) => {
      if (keepForMs > 0) flight.kept = { value, until: began + keepForMs };
      return value;
    });
    const done = () => {
      if (flight.running === running) flight.running = undefined;
      if (!flight.running && !flight.next && !flight.kept) flights.delete(key);
    };
    running.then(done, done);
    flight.running = running;
    return running;
  };

  const get = (key: string): Promise<T> => {
    let flight = flights.get(key);
    if (!flight) {
      flight = {};
      flights.set(key, flight);
    }
    if (flight.kept && Date.now() < flight.kept.until) return Promise.resolve(flight.kept.value);
    flight.kept = undefined;
    const { running } = flight;
    if (!running) return start(key, flight);
    // A read already under way may have begun before this request's change committed: wait for the next one.
    if (!flight.next) {
      const queued = flight;
      queued.next = running.then(ignore, ignore).then(() => {
        queued.next = undefined;
        return start(key, queued);
      });
    }
    return flight.next as Promise<T>;
  };
  return Object.assign(get, {
    forget() {
      flights = new Map();
    },
  });
}
