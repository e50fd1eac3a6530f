/**
 * Motion that explains what happened (decision 320): short (≤ 250 ms), CSS or the Web Animations
 * API, and none at all when the system asks for less motion (decision 122).
 */
export const reducedMotion = (): boolean => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** 'smooth' scrolling unless the system asks for less motion (decision 122). */
export const scrollBehavior = (): ScrollBehavior => (reducedMotion() ? 'auto' : 'smooth');

/** The longest any of these animations runs: a test or a user waiting on a change never waits longer. */
export const MOTION_MS = 220;
