/**
 * Drops whole calls from a library module's text, for the browser build's trims of log-only calls
 * (build/i18next-browser-trim.ts, build/react-router-declarative.ts; docs/architecture.md section 6, "First load and
 * crash safety"): each call `pattern` finds (the pattern ends with the call's opening parenthesis) is replaced, with
 * its arguments, by `void 0`, and the line breaks it spanned are kept, so every later line stays where it was.
 *
 * Only for calls whose arguments read values without effects (strings, template literals, conditions): the caller
 * vouches for that; a call's value becomes `undefined`.
 */

/**
 * @param pattern a global RegExp matching the start of each call up to and including its `(`
 * @returns the new text and how many calls were dropped
 * @throws Error when a call's closing parenthesis is not found (an unbalanced text: not the module expected)
 */
export function dropCalls(code: string, pattern: RegExp): { code: string; dropped: number } {
  let out = '';
  let from = 0;
  let dropped = 0;
  for (const match of code.matchAll(pattern)) {
    if (match.index < from) continue; // inside a call already dropped
    const end = closingParen(code, match.index + match[0].length - 1);
    if (end < 0) throw new Error(`drop-calls: no closing parenthesis for the call at ${match.index}`);
    const call = code.slice(match.index, end + 1);
    out += code.slice(from, match.index) + 'void 0' + '\n'.repeat(call.split('\n').length - 1);
    from = end + 1;
    dropped++;
  }
  return { code: out + code.slice(from), dropped };
}

/** The index of the `)` closing the `(` at `open`, skipping strings and template literals (with `${}` inside). */
function closingParen(code: string, open: number): number {
  let depth = 0;
  const stack: string[] = []; // open template literals and the braces of their `${}`
  for (let i = open; i < code.length; i++) {
    const c = code[i]!;
    if (stack.length > 0 && stack[stack.length - 1] === '`') {
      if (c === '\\') i++;
      else if (c === '`') stack.pop();
      else if (c === '$' && code[i + 1] === '{') {
        stack.push('{');
        i++;
      }
      continue;
    }
    if (c === "'" || c === '"') {
      for (i++; i < code.length && code[i] !== c; i++) if (code[i] === '\\') i++;
    } else if (c === '`') stack.push('`');
    else if (c === '{' && stack.length > 0) stack.push('{');
    else if (c === '}' && stack.length > 0 && stack[stack.length - 1] === '{') stack.pop();
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}
