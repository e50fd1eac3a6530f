import { createRequire } from 'node:module';

/**
 * Disposable-address domains, from the `disposable-email-domains` package (a list kept up to date
 * by its maintainers, decision 283): loaded on the first sign-up, not at start.
 */
let disposable: { exact: Set<string>; wildcard: string[] } | null = null;
function disposableDomains() {
  if (!disposable) {
    const require = createRequire(import.meta.url);
    disposable = {
      exact: new Set(require('disposable-email-domains') as string[]),
      // these block every subdomain too
      wildcard: require('disposable-email-domains/wildcard.json') as string[],
    };
  }
  return disposable;
}

/** The domain and every parent domain of it: a.b.example.com, b.example.com, example.com. */
function domainAndParents(domain: string): string[] {
  const labels = domain.split('.');
  return labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'));
}

/** Whether sign-up refuses this address: a disposable provider, or a domain (or parent) the operator blocked. */
export function isBlockedEmailDomain(email: string, operatorBlocks: readonly string[]): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const { exact, wildcard } = disposableDomains();
  const candidates = domainAndParents(domain);
  if (exact.has(domain)) return true;
  if (candidates.some((candidate) => wildcard.includes(candidate) || operatorBlocks.includes(candidate))) return true;
  return false;
}
