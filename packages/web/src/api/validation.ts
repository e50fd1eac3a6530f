import { config } from 'zod';

/**
 * Forms that validate with the shared zod schemas import this first. zod probes whether it may
 * compile validators with `new Function`, which our Content-Security-Policy (no 'unsafe-eval')
 * forbids: the probe shows up as a CSP error in the console. Jitless, it never tries.
 */
config({ jitless: true });
