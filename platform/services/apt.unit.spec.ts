import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { aptListsEmpty, packagesWithCandidate } from './apt.js';

describe('apt-get update only when needed', () => {
  it('finds empty package lists (apt-get update never ran: a fresh debootstrap root) and filled ones', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'apt-lists-'));
    expect(aptListsEmpty(path.join(dir, 'missing'))).toBe(true);
    writeFileSync(path.join(dir, 'lock'), '');
    writeFileSync(path.join(dir, 'deb.debian.org_debian_dists_bookworm_InRelease'), '');
    expect(aptListsEmpty(dir)).toBe(true);
    writeFileSync(path.join(dir, 'deb.debian.org_debian_dists_bookworm_main_binary-amd64_Packages.lz4'), '');
    expect(aptListsEmpty(dir)).toBe(false);
  });

  it('reads the installation candidates of apt-cache policy (unknown packages print nothing)', () => {
    const output = [
      'chromium:',
      '  Installed: (none)',
      '  Candidate: 156.0.8078.79-1~deb12u1',
      '  Version table:',
      '     156.0.8078.79-1~deb12u1 500',
      '        500 http://deb.debian.org/debian-security bookworm-security/main amd64 Packages',
      'fonts-dejavu-core:',
      '  Installed: (none)',
      '  Candidate: (none)',
      '  Version table:',
      'libc6:amd64:',
      '  Installed: 2.36-9',
      '  Candidate: 2.36-9',
      '',
    ].join('\n');
    const wanted = ['chromium', 'fonts-dejavu-core', 'redis-server', 'libc6'];
    expect([...packagesWithCandidate(output, wanted)].sort()).toEqual(['chromium', 'libc6']);
  });
});
