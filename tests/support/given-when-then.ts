/**
 * Given / when / then for deciders (test helper):
 *
 *   spec(productDecider).given([...events]).when(command).then([...events]);
 *   spec(productDecider).given([...events]).when(command).thenThrows('product.not_found', 'not_found');
 *
 * `given` folds the events with `evolve` from `initialState`; `when` runs `decide` on that state; `then` compares
 * the decided events, `thenThrows` the DomainError code (and category when given). State and command are deeply
 * frozen before `decide`, so a decider that mutates its input fails the test instead of passing by accident.
 */
import { expect } from 'vitest';
import { fold, type Decider } from '../../domain/shared/decider.js';
import { DomainError, type ErrorCategory } from '../../domain/shared/errors.js';

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export interface Then<TEvent> {
  /** The command decides exactly these events (`[]`: nothing changes). */
  then(expected: TEvent[]): void;
  /** The command is rejected with a DomainError of this code (and category, when given); nothing is decided. */
  thenThrows(code: string, category?: ErrorCategory): void;
}

export interface When<TCommand, TEvent> {
  when(command: TCommand): Then<TEvent>;
}

export interface Spec<TCommand, TEvent> extends When<TCommand, TEvent> {
  given(events: TEvent[]): When<TCommand, TEvent>;
}

export function spec<TCommand, TEvent, TState>(decider: Decider<TCommand, TEvent, TState>): Spec<TCommand, TEvent> {
  const given = (events: TEvent[]): When<TCommand, TEvent> => ({
    when(command) {
      const state = deepFreeze(structuredClone(fold(decider, events)));
      const frozenCommand = deepFreeze(structuredClone(command));
      const run = () => decider.decide(frozenCommand, state);
      return {
        then(expected) {
          const decided = run();
          expect(decided).toEqual(expected);
          // The decided events must be applicable to the state they were decided on.
          expect(() => decided.reduce(decider.evolve, state)).not.toThrow();
        },
        thenThrows(code, category) {
          let decided: TEvent[] | undefined;
          try {
            decided = run();
          } catch (error) {
            expect(error, `expected a DomainError ${code}, got ${String(error)}`).toBeInstanceOf(DomainError);
            const e = error as DomainError;
            expect(e.code).toBe(code);
            if (category) expect(e.category).toBe(category);
            return;
          }
          expect.fail(`expected DomainError ${code}, but the command decided ${JSON.stringify(decided)}`);
        },
      };
    },
  });
  return { given, when: (command) => given([]).when(command) };
}
