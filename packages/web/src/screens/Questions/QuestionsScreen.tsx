import { useEffect, useId, useState, type CSSProperties } from 'react';
import { INBOX_FILTERS, type InboxFilter, type InboxSelection } from '@askbox/common';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { LoadMoreFooter } from '../../components/LoadMoreFooter';
import { Loading } from '../../components/Loading';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { useInfiniteScroll } from '../../components/useInfiniteScroll';
import { useInbox, useUndoableDelete } from '../../features/questions/api';
import { InboxItem } from '../../features/questions/InboxItem';
import { FilteredList } from '../../features/filtered/FilteredList';
import { useSettings } from '../../features/settings/api';
import { AskFollowersButton } from '../../features/followerQuestions/AskFollowersButton';
import { InboxInspiration } from '../../features/prompts/InboxInspiration';
import styles from './Questions.module.css';
import { SharePrompt } from '../../features/sharing/SharePrompt';
import { t, useDocumentTitle } from '../../i18n';

/** Search words are sent once typing pauses. */
const SEARCH_PAUSE_MS = 300;

/**
 * /questions: unanswered questions received, newest first; filters, search, and 'Delete all' with
 * Undo; and, for whoever keeps filtered questions, the 'Filtered' view beside the filters.
 */
export function QuestionsScreen() {
  useDocumentTitle(t('titles.questions'));
  const dialogs = useDialogs();
  const id = useId();
  const [view, setView] = useState<InboxFilter | 'filtered'>('all');
  const keepsFiltered = useSettings().data?.keepFilteredQuestions === true;
  const showsFiltered = view === 'filtered' && keepsFiltered;
  const filter: InboxFilter = view === 'filtered' ? 'all' : view;
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const selection: InboxSelection = { filter, q };
  const inbox = useInbox(selection);
  const { items: loaded, pending } = useInfiniteScroll(inbox);
  const deletion = useUndoableDelete({ onError: () => void dialogs.alert(t('inbox.deleteAllError')) });
  const items = loaded.filter((question) => !deletion.hides(question));
  const narrowed = filter !== 'all' || q !== '';

  const onDeleteAll = async () => {
    const newest = items[0];
    if (!newest) return;
    if (!(await dialogs.confirm(t('inbox.confirmDeleteAll'), { confirmLabel: t('delete'), danger: true }))) return;
    deletion.start({ selection, newest });
  };

  return (
    <div className="screen">
      <div className={styles.heading}>
        <h1 className="screen-title">{t('navQuestions')}</h1>
        <AskFollowersButton />
      </div>
      <div className={styles.tools}>
        <div role="group" aria-label={t('inbox.filterLabel')} className={styles.filters}>
          {[...INBOX_FILTERS, ...(keepsFiltered ? (['filtered'] as const) : [])].map((choice) => (
            <button
              key={choice}
              type="button"
              className={`btn btn-small ${(showsFiltered ? 'filtered' : filter) === choice ? 'btn-primary' : 'btn-secondary'}`}
              aria-pressed={(showsFiltered ? 'filtered' : filter) === choice}
              onClick={() => setView(choice)}
            >
              {t(`inbox.filters.${choice}`)}
            </button>
          ))}
        </div>
        {!showsFiltered && (
          <>
            <label htmlFor={`${id}-search`} className="visually-hidden">
              {t('inbox.search')}
            </label>
            <input
              id={`${id}-search`}
              type="search"
              className="input"
              placeholder={t('inbox.search')}
              style={{ '--placeholder-ch': t('inbox.search').length } as CSSProperties}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </>
        )}
        {items.length > 0 && !showsFiltered && (
          <button type="button" className={`btn btn-small btn-secondary ${styles.deleteAll}`} onClick={() => void onDeleteAll()}>
            {narrowed ? t('inbox.deleteAllShown') : t('inbox.deleteAll')}
          </button>
        )}
      </div>
      <div role="status" className={styles.undo}>
        {deletion.pending && (
          <>
            <span>{t('inbox.deleted')}</span>
            <button type="button" className="btn btn-small btn-secondary" onClick={deletion.undo}>
              {t('inbox.undo')}
            </button>
          </>
        )}
      </div>
      <SharePrompt />
      {showsFiltered ? (
        <FilteredList />
      ) : pending ? (
        <Loading query={inbox} label={t('loadingQuestions')} skeleton="question" />
      ) : inbox.isError ? (
        <LoadError error={inbox.error} fallback={t('questionsLoadError')} onRetry={() => void inbox.refetch()} />
      ) : items.length === 0 ? (
        <>
          <EmptyState title={narrowed ? t('inbox.noMatch') : t('noQuestions')} art={narrowed ? 'search' : 'inbox'} />
          {!narrowed && <InboxInspiration />}
        </>
      ) : (
        <>
          {items.map((question) => (
            <InboxItem key={question.id} question={question} />
          ))}
          {inbox.hasNextPage && <LoadMoreFooter />}
        </>
      )}
    </div>
  );
}
