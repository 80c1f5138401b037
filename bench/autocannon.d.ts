/** autocannon ships no types; the benchmark uses its programmatic API loosely typed. */
declare module 'autocannon';
