/**
 * How long a test waits for what it reads, scaled for the machine it runs on. CI runs the whole suite on 2 shared
 * cores while other work runs beside it (load averages of 30 were seen): a browser action, a projection catching up
 * or a mail arriving can then take many times longer than on a quiet machine. A wait ends as soon as what it waits
 * for is there, so a longer limit never slows a passing test; it only lets a loaded machine finish.
 *
 * TEST_PATIENCE (a number >= 1, default 4) multiplies every wait the tests state in milliseconds.
 */
const fromEnv = Number(process.env.TEST_PATIENCE);
export const PATIENCE = Number.isFinite(fromEnv) && fromEnv >= 1 ? fromEnv : 4;

/** `ms` (a wait that suffices on a quiet machine, in milliseconds) times {@link PATIENCE}. */
export function patience(ms: number): number {
  return Math.round(ms * PATIENCE);
}
