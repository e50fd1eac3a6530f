import { useId, useState, type FormEvent } from 'react';
import { FILTERED_KEEP_DAYS, MUTED_WORD_MAX_LENGTH, MUTED_WORDS_MAX } from '@askbox/common';
import { errorMessage } from '../../api/client';
import { SettingSwitch, SettingsSection, settingsExplanation } from '../../components/SettingsSection';
import { Spinner } from '../../components/Spinner';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { useSetting } from '../settings/api';
import { useMutedWordChange, useMutedWords } from './api';
import styles from './Safety.module.css';
import { t } from '../../i18n';

/** Settings › Questions you receive: refuse anonymous questions, the muted words, and whether their questions are kept in Filtered. */
export function QuestionSafetySection() {
  const refuse = useSetting('refuseAnonymousQuestions');
  const { alert } = useDialogs();
  const id = useId();

  return (
    <SettingsSection id="settings-question-safety" title={t('safety.questionsYouReceive')}>
      <SettingSwitch
        label={t('safety.refuseAnonymous')}
        checked={refuse.value ?? false}
        disabled={refuse.isLoading}
        describedBy={`${id}-refuse`}
        onChange={(on) => refuse.set(on, { onError: () => void alert(t('safety.settingError')) })}
      />
      <p id={`${id}-refuse`} className={settingsExplanation}>
        {t('safety.refuseAnonymousExplanation')}
      </p>
      <MutedWords />
      <KeepFiltered />
      <FollowerQuestions />
    </SettingsSection>
  );
}

function MutedWords() {
  const list = useMutedWords();
  const change = useMutedWordChange();
  const { alert } = useDialogs();
  const [word, setWord] = useState('');
  const id = useId();
  const items = list.data?.items ?? [];
  const full = items.length >= MUTED_WORDS_MAX;

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    if (word.trim().length === 0 || change.isPending) return;
    change.mutate({ word, mute: true }, { onSuccess: () => setWord(''), onError: (error) => void alert(errorMessage(error)) });
  };

  return (
    <>
      <h3 className={styles.subtitle} id={`${id}-title`}>
        {t('safety.mutedWords')}
      </h3>
      <p id={`${id}-explanation`} className={settingsExplanation}>
        {t('safety.mutedWordsExplanation')}
      </p>
      <form className={styles.addForm} onSubmit={onAdd}>
        <label htmlFor={`${id}-word`} className="visually-hidden">
          {t('safety.wordToMute')}
        </label>
        <input
          id={`${id}-word`}
          className="input"
          value={word}
          maxLength={MUTED_WORD_MAX_LENGTH}
          placeholder={t('safety.wordToMute')}
          aria-describedby={`${id}-explanation`}
          onChange={(event) => setWord(event.target.value)}
          disabled={full}
        />
        <button type="submit" className="btn btn-primary btn-small" disabled={full || word.trim().length === 0 || change.isPending}>
          {t('safety.mute')}
        </button>
      </form>
      {list.isPending ? (
        <Spinner label={t('safety.loadingMutedWords')} />
      ) : items.length === 0 ? (
        <p className="muted">{t('safety.noMutedWords')}</p>
      ) : (
        <ul className={styles.chips} aria-labelledby={`${id}-title`}>
          {items.map((item) => (
            <li key={item.word} className={styles.chip}>
              <span>{item.word}</span>
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={t('safety.unmuteWord', { word: item.word })}
                title={t('safety.unmute')}
                onClick={() => change.mutate({ word: item.word, mute: false }, { onError: (error) => void alert(errorMessage(error)) })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** 'Keep filtered questions': muted-word questions go to the Questions screen's Filtered view instead of nowhere. */
function KeepFiltered() {
  const keep = useSetting('keepFilteredQuestions');
  const { alert } = useDialogs();
  const id = useId();
  return (
    <>
      <SettingSwitch
        label={t('safety.keepFiltered')}
        checked={keep.value ?? false}
        disabled={keep.isLoading}
        describedBy={`${id}-keep`}
        onChange={(on) => keep.set(on, { onError: () => void alert(t('safety.settingError')) })}
      />
      <p id={`${id}-keep`} className={settingsExplanation}>
        {t('safety.keepFilteredExplanation', { count: FILTERED_KEEP_DAYS })}
      </p>
    </>
  );
}

/** 'Questions asked to all followers': whether people the user follows reach them with 'Ask my followers'. */
function FollowerQuestions() {
  const accept = useSetting('followerQuestions');
  const { alert } = useDialogs();
  const id = useId();
  return (
    <>
      <SettingSwitch
        label={t('safety.followerQuestions')}
        checked={accept.value ?? true}
        disabled={accept.isLoading}
        describedBy={`${id}-followers`}
        onChange={(on) => accept.set(on, { onError: () => void alert(t('safety.settingError')) })}
      />
      <p id={`${id}-followers`} className={settingsExplanation}>
        {t('safety.followerQuestionsExplanation')}
      </p>
    </>
  );
}
