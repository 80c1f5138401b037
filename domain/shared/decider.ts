/**
 * The decider shape (conventions 1): `decide(command, state) -> events[]`, `evolve(state, event) -> state`,
 * `initialState`. Messages are plain data `{ type, data }`; the command handler adds ids and metadata.
 */
export interface Message<TType extends string = string, TData = unknown> {
  type: TType;
  data: TData;
}

/**
 * Every command carries the decision time: `now` is an ISO-8601 UTC timestamp set by the caller (domain/ never
 * reads the clock).
 */
export interface CommandMetadata {
  now: string;
  /** The acting staff user's id (null or absent for shoppers, seeds and system processes). */
  userId?: string | null;
}

export interface Decider<TCommand, TEvent, TState> {
  decide(command: TCommand, state: TState): TEvent[];
  evolve(state: TState, event: TEvent): TState;
  initialState: TState;
}

/** Folds events into state with `evolve`, from `initialState`. */
export function fold<TEvent, TState>(decider: Pick<Decider<unknown, TEvent, TState>, 'evolve' | 'initialState'>, events: readonly TEvent[]): TState {
  return events.reduce(decider.evolve, decider.initialState);
}

/** Exhaustiveness check for `switch` over a union. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected message: ${JSON.stringify(value)}`);
}
