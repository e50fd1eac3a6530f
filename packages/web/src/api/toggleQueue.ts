import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

/**
 * How one toggle (like, follow, block) talks to the server and to the cache. `key` names what is
 * toggled (a post id, a username); `on` is the state the user asked for.
 */
export interface Toggle<State> {
  /** Shows `on` in every cached copy at once, before the server answers. */
  show(key: string, on: boolean): void;
  /** One request setting `on` on the server (idempotent); resolves with the server's state. */
  send(key: string, on: boolean): Promise<State>;
  /** The answer to the last request: show the server's exact state, refresh what it changed elsewhere. */
  reconcile(key: string, state: State): void;
  /** A request failed: show `confirmed`, the state the server last agreed to, and refetch. */
  rollBack(key: string, confirmed: boolean): void;
}

export interface ToggleQueue<State> {
  /** One tap. Resolves (or rejects) with the outcome of the burst of taps it belongs to. */
  set(key: string, on: boolean): Promise<State>;
  /** No request for this key is on its way. */
  isIdle(key: string): boolean;
}

/**
 * Serialises rapid taps on a toggle, after Bluesky social-app's useToggleMutationQueue: per key,
 * at most one request in flight plus the state the user last asked for. Every tap shows at once;
 * when a request returns and the user has changed their mind meanwhile, one more request follows,
 * so the server always ends on the last tap. A failure ends the burst and rolls the caches back.
 */
export function createToggleQueue<State>(toggle: Toggle<State>): ToggleQueue<State> {
  const bursts = new Map<string, { wanted: boolean; done?: Promise<State> }>();

  async function run(key: string, burst: { wanted: boolean }): Promise<State> {
    // a toggle: before the first tap the server had the opposite of what it asks for
    let confirmed = !burst.wanted;
    try {
      for (;;) {
        const sent = burst.wanted;
        const state = await toggle.send(key, sent);
        confirmed = sent;
        if (burst.wanted === sent) {
          toggle.reconcile(key, state);
          return state;
        }
      }
    } catch (error) {
      toggle.rollBack(key, confirmed);
      throw error;
    } finally {
      bursts.delete(key);
    }
  }

  return {
    set(key, on) {
      toggle.show(key, on);
      const running = bursts.get(key);
      if (running?.done) {
        running.wanted = on;
        return running.done;
      }
      const burst: { wanted: boolean; done?: Promise<State> } = { wanted: on };
      bursts.set(key, burst);
      burst.done = run(key, burst);
      return burst.done;
    },
    isIdle: (key) => !bursts.has(key),
  };
}

/** A toggle bound to a query client; the function itself identifies the toggle. */
export type ToggleDefinition<State> = (queryClient: QueryClient) => Toggle<State>;

const queues = new WeakMap<QueryClient, Map<ToggleDefinition<unknown>, ToggleQueue<unknown>>>();

/** One queue per toggle and query client, so every button showing the same post or person shares it. */
export function toggleQueueFor<State>(queryClient: QueryClient, define: ToggleDefinition<State>): ToggleQueue<State> {
  let ofClient = queues.get(queryClient);
  if (!ofClient) queues.set(queryClient, (ofClient = new Map()));
  let queue = ofClient.get(define as ToggleDefinition<unknown>) as ToggleQueue<State> | undefined;
  if (!queue) {
    queue = createToggleQueue(define(queryClient));
    ofClient.set(define as ToggleDefinition<unknown>, queue as ToggleQueue<unknown>);
  }
  return queue;
}

export interface ToggleVariables {
  key: string;
  on: boolean;
}

/**
 * A toggle as a mutation: `mutate({ key, on })` on every tap. `isPending` lasts while the burst
 * runs, and callbacks given to `mutate` fire once, for the last tap. networkMode 'always': offline,
 * the request fails at once and the caches roll back, rather than pausing before the tap shows.
 */
export function useToggleMutation<State>(define: ToggleDefinition<State>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, on }: ToggleVariables) => toggleQueueFor(queryClient, define).set(key, on),
    networkMode: 'always',
  });
}
