import { INSTANCE_PAGES, type AuditEntry, type InstancePageSlug } from '@askbox/common';
import { t } from '../../i18n';

const isInstancePageSlug = (slug: string | undefined): slug is InstancePageSlug => (INSTANCE_PAGES as readonly string[]).includes(slug ?? '');

/**
 * The detail line of an audit entry. A page edit is stored as its slug ('about', or 'about: (default)'
 * when blanked back to the default text) and is read as the page's name in the reader's language.
 */
export function auditDetailText(entry: Pick<AuditEntry, 'action' | 'detail'>): string {
  if (entry.action !== 'page_edited') return entry.detail;
  const [slug, restored] = entry.detail.split(': ');
  if (!isInstancePageSlug(slug)) return entry.detail;
  return t(restored ? 'team.pageRestoredLine' : 'team.pageEditedLine', { page: t(`instance.${slug}`) });
}
