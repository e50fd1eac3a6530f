import type { InstancePageSlug } from '@askbox/common';
import { Loading } from '../../components/Loading';
import { LoadError } from '../../components/LoadError';
import { useInstancePage } from './api';
import { INSTANCE_PAGE_PATHS } from './paths';
import styles from './Instance.module.css';
import { t, useDocumentTitle } from '../../i18n';

/** The page an address names (/about, /rules, /terms, /privacy), as the server rendered it. */
export function InstancePageArticle({ pathname }: { pathname: string }) {
  const slug: InstancePageSlug = INSTANCE_PAGE_PATHS.find((page) => page.path === pathname)?.slug ?? 'about';
  useDocumentTitle(t(`titles.${slug}`));
  const page = useInstancePage(slug);
  if (page.isPending) return <Loading query={page} label={t(`instance.${slug}`)} />;
  if (page.isError) return <LoadError error={page.error} onRetry={() => void page.refetch()} />;
  // the server renders the Markdown with raw HTML off and sanitises the result (decision 295)
  return <article className={styles.page} dangerouslySetInnerHTML={{ __html: page.data.html }} />;
}
