import { describe, expect, it } from 'vitest';
import type { Decider, Message } from '../../domain/shared/decider.js';
import { illegalState, validation } from '../../domain/shared/errors.js';
import { spec } from './given-when-then.js';

// A tiny counter decider to check the helper itself.
type Cmd = Message<'Add', { n: number }> | Message<'Boom', { plain: boolean }> | Message<'Mutate', Record<string, never>>;
type Ev = Message<'Added', { n: number; total: number }>;
interface State {
  total: number;
  log: number[];
}
const counter: Decider<Cmd, Ev, State> = {
  initialState: { total: 0, log: [] },
  evolve: (s, e) => ({ total: e.data.total, log: [...s.log, e.data.n] }),
  decide(c, s) {
    switch (c.type) {
      case 'Add':
        if (c.data.n === 0) return [];
        if (s.total + c.data.n < 0) throw illegalState('counter.negative', 'below zero');
        return [{ type: 'Added', data: { n: c.data.n, total: s.total + c.data.n } }];
      case 'Boom':
        if (c.data.plain) throw new Error('not a domain error');
        throw validation('counter.boom', 'boom');
      case 'Mutate':
        s.log.push(1);
        return [];
    }
  },
};
const added = (n: number, total: number): Ev => ({ type: 'Added', data: { n, total } });

describe('spec(decider).given().when().then()', () => {
  it('folds the given events before deciding', () => {
    spec(counter).given([added(2, 2), added(3, 5)]).when({ type: 'Add', data: { n: 1 } }).then([added(1, 6)]);
  });

  it('when() without given() starts from the initial state', () => {
    spec(counter).when({ type: 'Add', data: { n: 4 } }).then([added(4, 4)]);
    spec(counter).when({ type: 'Add', data: { n: 0 } }).then([]);
  });

  it('then() fails on other events', () => {
    expect(() => spec(counter).when({ type: 'Add', data: { n: 4 } }).then([added(4, 5)])).toThrow();
    expect(() => spec(counter).when({ type: 'Add', data: { n: 4 } }).then([])).toThrow();
  });

  it('then() fails when the command throws', () => {
    expect(() => spec(counter).when({ type: 'Boom', data: { plain: false } }).then([])).toThrow('boom');
  });

  it('thenThrows() checks the code and, when given, the category', () => {
    spec(counter).when({ type: 'Add', data: { n: -1 } }).thenThrows('counter.negative');
    spec(counter).when({ type: 'Add', data: { n: -1 } }).thenThrows('counter.negative', 'illegal_state');
    expect(() => spec(counter).when({ type: 'Add', data: { n: -1 } }).thenThrows('counter.other')).toThrow();
    expect(() => spec(counter).when({ type: 'Add', data: { n: -1 } }).thenThrows('counter.negative', 'validation')).toThrow();
  });

  it('thenThrows() fails when nothing is thrown or the error is not a DomainError', () => {
    expect(() => spec(counter).when({ type: 'Add', data: { n: 1 } }).thenThrows('counter.negative')).toThrow(/decided/);
    expect(() => spec(counter).when({ type: 'Boom', data: { plain: true } }).thenThrows('counter.boom')).toThrow();
  });

  it('a decider that mutates its state fails', () => {
    expect(() => spec(counter).given([added(1, 1)]).when({ type: 'Mutate', data: {} }).then([])).toThrow(TypeError);
  });
});
