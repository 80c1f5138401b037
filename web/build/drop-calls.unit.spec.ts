/**
 * build/drop-calls.ts (the browser build's trims of log-only calls; docs/architecture.md section 6, "First load and
 * crash safety"): a call is dropped whole, whatever its strings and template literals hold, lines are kept, and an
 * unbalanced call fails loudly.
 */
import { describe, expect, it } from 'vitest';
import { dropCalls } from './drop-calls';

describe('drop-calls', () => {
  it('drops each call whole, with parentheses inside strings and template literals, keeping the lines', () => {
    const code = "a();\nwarn(`x (${f(')')} ${`)`}`, ')', \"(\",\n  b);\nif (c) warn('d');else e();\nnotwarn(1);\n";
    const { code: out, dropped } = dropCalls(code, /(?<![\w$.])warn\(/g);
    expect(out).toBe("a();\nvoid 0\n;\nif (c) void 0;else e();\nnotwarn(1);\n");
    expect(dropped).toBe(2);
  });

  it('throws when a call does not end', () => {
    expect(() => dropCalls('warn("a", (b);', /warn\(/g)).toThrow(/no closing parenthesis/);
  });
});
