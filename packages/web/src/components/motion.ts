/** 'smooth' scrolling unless the system asks for less motion (decision 122). */
export const scrollBehavior = (): ScrollBehavior => (window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');
