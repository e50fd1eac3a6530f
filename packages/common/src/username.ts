import { MAX_USERNAME_LENGTH } from './limits.js';

/** Lower-case letters, digits and underscore only. */
export const USERNAME_PATTERN = /^[a-z0-9_]+$/;

/** What the signup field does as the user types: strip other characters, lowercase. */
export function normalizeUsername(input: string): string {
  return input
    .replace(/[^A-Za-z0-9_]/g, '')
    .toLowerCase()
    .slice(0, MAX_USERNAME_LENGTH);
}

/**
 * Names no account can take: each is a page of the web app (`/home`, `/settings`...), a
 * word of the API's paths (`/api/users/search` would hide a user called search), or a name people
 * would mistake for the service. Tests derive the pages and API words from the web router and the
 * server's route table, so a new route without its word here fails them.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  // the web app's pages
  'onboarding',
  'signup',
  'login',
  'logout',
  'home',
  'friends',
  'questions',
  'notifications',
  'profile',
  'settings',
  'u',
  // the instance's own pages
  'about',
  'rules',
  'terms',
  'privacy',
  // words of the API's paths
  'api',
  'pages',
  'announcement',
  'prompts',
  'dismiss',
  'auth',
  'me',
  'users',
  'user',
  'search',
  'recommended',
  'followers',
  'following',
  'follow',
  'block',
  'blocks',
  'blocked',
  'question',
  'answer',
  'answers',
  'inbox',
  'feed',
  'likes',
  'like',
  'replies',
  'reply',
  'hide',
  'show',
  'push',
  'subscriptions',
  'sessions',
  'username',
  'setup',
  'enable',
  'passkey',
  'passkeys',
  'options',
  'events',
  'counters',
  'activity',
  'admin',
  'account',
  'export',
  'docs',
  'json',
  'yaml',
  'static',
  'config',
  'media',
  'healthz',
  'readyz',
  'metrics',
  'ap',
  'inbox',
  'outbox',
  'avatar',
  'cover',
  'read',
  'password',
  'confirm',
  'email',
  'unsubscribe',
  'mentions',
  'cards',
  'remote',
  // sign-ups under the operator's rules (invite links, the approval queue, the challenge, address confirmation)
  'challenge',
  'instance',
  'signups',
  'approve',
  'reject',
  'invites',
  'address',
  // the moderation team and the admins' dashboard
  'team',
  'role',
  'audit',
  'appeal',
  'appeals',
  'dashboard',
  'deliveries',
  'retry',
  // the account archive and its import
  'archive',
  'imports',
  'latest',
  // moving on the fediverse
  'moving',
  'aliases',
  'move',
  // pinned answers
  'pin',
  'pinned',
  // questions kept by muted words, people without an account, answers' pictures, blocked fediverse servers
  'filtered',
  'visitors',
  'picture',
  'fediverse',
  // moderation and grouped notifications
  'groups',
  'people',
  'reports',
  'resolve',
  'suspended',
  'suspend',
  'restore',
  'remote_followers',
  'remote_blocks',
  'webfinger',
  'nodeinfo',
  'images',
  'assets',
  'sw',
  'manifest',
  'icons',
  'favicon',
  'robots',
  // names people would take for the service or nobody
  'askbox',
  'root',
  'administrator',
  'moderator',
  'mod',
  'support',
  'help',
  'system',
  'staff',
  'official',
  'security',
  'anonymous',
  'null',
  'undefined',
  'nobody',
  'everyone',
  'all',
  'new',
  'edit',
  'delete',
]);

export function isReservedUsername(username: string): boolean {
  return RESERVED_USERNAMES.has(username.toLowerCase());
}
