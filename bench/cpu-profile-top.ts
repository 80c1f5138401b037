/**
 * The top self-time functions of a V8 CPU profile (`node --cpu-prof`, e.g. the api child of bench:catalog-load with
 * `API_CPU_PROF=dir`): `npx tsx bench/cpu-profile-top.ts <file.cpuprofile> [count=30] [last seconds]`. Prints per
 * function (name, file, line) its self time in milliseconds and its share of the samples, then the same summed per
 * file (node_modules folded to their package). With `last seconds`, only the samples of the profile's last seconds
 * (a bench's scenario, without the process's start). With `INCLUSIVE=1` also the top functions by inclusive time
 * (the samples in which the function is anywhere on the stack, each sample counted once per function): where a
 * request's time goes by caller, e.g. the route handler against the HTTP server around it. Figures only.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { printTable } from './support.js';

const REPO_ROOT = `${path.resolve(import.meta.dirname, '..')}/`;

interface ProfileNode {
  id: number;
  parent?: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A file's short name: its path from the repository, or its package for node_modules, or the url as given. */
function shortFile(url: string): string {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const repo = url.indexOf(REPO_ROOT);
  return repo >= 0 ? url.slice(repo + REPO_ROOT.length) : url.replace(/^file:\/\//, '');
}

function main(): void {
  const [file, countText, lastText] = process.argv.slice(2);
  if (!file) throw new Error('usage: cpu-profile-top.ts <file.cpuprofile> [count]');
  const count = Number(countText ?? 30);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const keyOf = (frame: ProfileNode['callFrame']) => `${frame.functionName || '(anonymous)'}  ${shortFile(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
  const inclusiveUs = new Map<string, number>();
  const selfUs = new Map<string, number>();
  const fileUs = new Map<string, number>();
  let total = 0;
  const at: number[] = [];
  let clock = 0;
  for (const dt of profile.timeDeltas) at.push((clock += dt));
  const from = lastText ? clock - Number(lastText) * 1e6 : -Infinity;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    if (at[i] < from) return;
    const frame = byId.get(id)!.callFrame;
    const where = shortFile(frame.url);
    const key = keyOf(frame);
    if (process.env.INCLUSIVE) {
      const seen = new Set<string>();
      for (let node: number | undefined = id; node !== undefined; node = parentOf.get(node)) seen.add(keyOf(byId.get(node)!.callFrame));
      for (const k of seen) inclusiveUs.set(k, (inclusiveUs.get(k) ?? 0) + dt);
    }
    selfUs.set(key, (selfUs.get(key) ?? 0) + dt);
    fileUs.set(where || frame.functionName, (fileUs.get(where || frame.functionName) ?? 0) + dt);
    total += dt;
  });
  const top = (m: Map<string, number>, label: string) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([k, us]) => ({ [label]: k, 'self ms': (us / 1000).toFixed(0), share: `${((100 * us) / total).toFixed(1)}%` }));
  console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
  printTable(top(selfUs, 'function'));
  console.log('');
  printTable(top(fileUs, 'file or package'));
  if (process.env.INCLUSIVE) {
    console.log('');
    printTable(top(inclusiveUs, 'function (inclusive)').map(({ 'self ms': ms, ...rest }) => ({ ...rest, 'inclusive ms': ms })));
  }
}

main();
