/**
 * Node flags for a process that serves the api (`npm start`'s one process, `npm run api`, the benches' api processes;
 * docker-compose.yml and package.json's `api` script repeat them, as they cannot import this module).
 * `--max-semi-space-size=64`: a young generation of up to 64 MB per semi-space (V8's default is 16 MB on 64-bit). With
 * 50 listing requests in flight, ~300 KB allocated per search answer filled the default one every 100-150 ms, and each
 * scavenge copied the live data of every request in flight. Measured with the same checkout on both sides
 * (bench:catalog-load-ab `NODE_FLAGS_B`, quiet machine): the api's CPU per answer category x0.91, search x0.91,
 * category p97.5 45.4 -> 38.8 ms (docs/architecture.md "Caches, hot routes and recorded searches"). It costs up to
 * ~3 x 64 MB more memory per api process. A flag V8 reads at start: `v8.setFlagsFromString` later does not resize the
 * heap.
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=64'];
