/** The api process's Node flags (bin/api-node-flags.mjs, where they are explained). */
export declare const API_NODE_FLAGS: readonly string[];
