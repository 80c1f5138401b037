/**
 * How long a write's answer waits for the read model it changed ("read your writes", design brief): a route states
 * the wait that suffices on a normal day, in milliseconds, through {@link readModelWaitMs}; the answer still comes
 * at once when the read model is there. `READ_MODEL_WAIT_SCALE` (a number >= 1, default 1) multiplies every such
 * wait, for a machine whose projectors lag further behind: the test suite sets it to TEST_PATIENCE (vitest.config.ts),
 * since it runs on 2 shared cores where projections were seen several seconds late.
 */
const fromEnv = Number(process.env.READ_MODEL_WAIT_SCALE);
const SCALE = Number.isFinite(fromEnv) && fromEnv >= 1 ? fromEnv : 1;

/** `ms` (the wait a route states, in milliseconds) times READ_MODEL_WAIT_SCALE. */
export function readModelWaitMs(ms: number): number {
  return Math.round(ms * SCALE);
}
