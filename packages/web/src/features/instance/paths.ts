import type { InstancePageSlug } from '@askbox/common';

/** The public addresses of the instance's pages (zod-free: the onboarding links to them). */
export const INSTANCE_PAGE_PATHS: readonly { slug: InstancePageSlug; path: string }[] = [
  { slug: 'about', path: '/about' },
  { slug: 'rules', path: '/rules' },
  { slug: 'terms', path: '/terms' },
  { slug: 'privacy', path: '/privacy' },
];
