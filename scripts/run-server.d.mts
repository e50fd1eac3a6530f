import type { ChildProcess, StdioOptions } from 'node:child_process';
/** The node flags and environment the server runs with; an operator's own NODE_OPTIONS or MALLOC_ setting wins. */
export declare function serverProcessSettings(env?: NodeJS.ProcessEnv): { nodeArgs: string[]; env: NodeJS.ProcessEnv };
/** Spawns the compiled server (packages/server/dist/main.js) with `env`; `nodeArgs` come before ours (e.g. --cpu-prof); `checkout`: another checkout's. */
export declare function spawnServer(env: NodeJS.ProcessEnv, options?: { nodeArgs?: string[]; stdio?: StdioOptions; checkout?: string }): ChildProcess;
