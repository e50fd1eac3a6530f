import { useId } from 'react';
import { WHO_MAY_REPLY, type HiddenReply, type WhoMayReply } from '@askbox/common';
import { SettingSwitch, SettingsSection, settingsExplanation } from '../../components/SettingsSection';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { Spinner } from '../../components/Spinner';
import { useSetting } from '../settings/api';
import { errorMessage } from '../../api/client';
import { useHiddenReplies, useReplyAction } from './api';
import { ReplyAuthor, replyAuthorName } from './ReplyAuthor';
import styles from './Replies.module.css';
import { t } from '../../i18n';

/** Settings › Replies: replies on or off under my answers, who may reply, and the hidden replies to review. */
export function RepliesSettingsSection() {
  const enabled = useSetting('repliesEnabled');
  const who = useSetting('whoMayReply');
  const { alert } = useDialogs();
  const id = useId();
  const onError = () => void alert(t('safety.settingError'));
  const labels: Record<WhoMayReply, string> = {
    everyone: t('repliesSettings.everyone'),
    following: t('repliesSettings.following'),
    nobody: t('repliesSettings.nobody'),
  };
  return (
    <SettingsSection id="settings-replies" title={t('repliesSettings.title')}>
      <SettingSwitch
        label={t('repliesSettings.enabled')}
        checked={enabled.value ?? false}
        disabled={enabled.isLoading}
        describedBy={`${id}-enabled`}
        onChange={(on) => enabled.set(on, { onError })}
      />
      <p id={`${id}-enabled`} className={settingsExplanation}>
        {t('repliesSettings.enabledExplanation')}
      </p>
      {enabled.value && (
        <fieldset className={styles.fieldset}>
          <legend className={styles.subtitle}>{t('repliesSettings.whoMayReply')}</legend>
          {WHO_MAY_REPLY.map((choice) => (
            <label key={choice} className={styles.radioRow}>
              <input
                type="radio"
                name={`${id}-who`}
                value={choice}
                checked={who.value === choice}
                disabled={who.isLoading}
                onChange={() => who.set(choice, { onError })}
              />
              <span>{labels[choice]}</span>
            </label>
          ))}
        </fieldset>
      )}
      <HiddenReplies />
    </SettingsSection>
  );
}

function HiddenReplies() {
  const hidden = useHiddenReplies();
  const id = useId();
  const items = hidden.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.subtitle}>
        {t('repliesSettings.hidden')}
      </h3>
      <p className={settingsExplanation}>{t('repliesSettings.hiddenExplanation')}</p>
      {hidden.isPending ? (
        <Spinner size={20} />
      ) : items.length === 0 ? (
        <p className="muted">{t('repliesSettings.hiddenEmpty')}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((reply) => (
            <HiddenReplyRow key={reply.id} reply={reply} />
          ))}
        </ul>
      )}
      {hidden.hasNextPage && (
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void hidden.fetchNextPage()}>
          {t('moreReplies')}
        </button>
      )}
    </section>
  );
}

function HiddenReplyRow({ reply }: { reply: HiddenReply }) {
  const action = useReplyAction(reply.answerId);
  const dialogs = useDialogs();
  const run = (kind: 'show' | 'delete') => action.mutate({ reply, action: kind }, { onError: (error) => void dialogs.alert(errorMessage(error)) });
  return (
    <li className={styles.reply} aria-label={t('replyBy', { username: replyAuthorName(reply) })}>
      <p className={styles.text}>
        <ReplyAuthor reply={reply} avatar={false} />
        {reply.reason === 'muted' && <span className="muted"> · {t('repliesSettings.mutedReason')}</span>}
      </p>
      <p className={styles.text}>{reply.text}</p>
      <div className={styles.meta}>
        <button type="button" className="btn btn-secondary btn-small" disabled={action.isPending} onClick={() => run('show')}>
          {t('repliesSettings.show')}
        </button>
        <button type="button" className="btn btn-danger btn-small" disabled={action.isPending} onClick={() => run('delete')}>
          {t('repliesSettings.delete')}
        </button>
      </div>
    </li>
  );
}
