/** packages/server/dist/main.js: the compiled server `npm start` runs. */
export declare const serverEntry: string;
/** True when the compiled server is missing or older than its sources. */
export declare function serverBuildIsStale(): boolean;
/** Compiles the server (esbuild, ~50 ms). */
export declare function buildServer(): Promise<void>;
/** The newest modification time of a file or anything under a folder (ms). */
export declare function newestMtime(target: string): number;
