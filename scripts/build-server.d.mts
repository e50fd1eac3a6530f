/** packages/server/dist/main.js: the compiled server `npm start` runs. */
export declare const serverEntry: string;
/** True when the compiled server is missing or older than its sources. */
export declare function serverBuildIsStale(): boolean;
/** The compiled server's files (main.js, its chunks, source maps) in memory, as if written to `outdir`. */
export declare function compileServer(outdir?: string): Promise<Array<{ path: string; text: string; contents: Uint8Array }>>;
/** Compiles the server (esbuild, ~50 ms). */
export declare function buildServer(): Promise<void>;
/** The newest modification time of a file or anything under a folder (ms). */
export declare function newestMtime(target: string): number;
