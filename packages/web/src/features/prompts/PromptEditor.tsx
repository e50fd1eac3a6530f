import { useState } from 'react';
import { LOCALES, MAX_TEXT_LENGTH, type Locale } from '@askbox/common';
import { EditorForm } from '../../components/EditorForm';
import { TextField, TextareaField } from '../../components/Field';
import { useAddPrompt, useAdminPrompts, useRemovePrompt } from './api';
import styles from './Prompts.module.css';
import { t } from '../../i18n';

/** Admins add ideas of questions per language, or a question of the day, and remove them. */
export function PromptEditor() {
  const list = useAdminPrompts();
  const add = useAddPrompt();
  const remove = useRemovePrompt();
  const [locale, setLocale] = useState<Locale>('en');
  const [text, setText] = useState('');
  const [day, setDay] = useState('');
  const [status, setStatus] = useState('');
  const failure = add.error ?? remove.error;

  return (
    <EditorForm
      explanation={t('promptsAdmin.help')}
      onSubmit={() => {
        setStatus('');
        add.mutate(
          { locale, text, day: day === '' ? null : day },
          {
            onSuccess: () => {
              setText('');
              setDay('');
              setStatus(t('promptsAdmin.added'));
            },
          },
        );
      }}
      failure={failure}
      status={status}
      actions={
        <button type="submit" className="btn btn-primary" disabled={add.isPending}>
          {t('promptsAdmin.add')}
        </button>
      }
    >
      {list.data && list.data.length === 0 && <p className="muted">{t('promptsAdmin.none')}</p>}
      {list.data && list.data.length > 0 && (
        <ul className={styles.adminList}>
          {list.data.map((prompt) => (
            <li key={prompt.id} className={styles.adminItem}>
              <span lang={prompt.locale}>
                {prompt.text}
                <span className="muted">
                  {' '}
                  · {t(`promptsAdmin.languages.${prompt.locale}`)}
                  {prompt.day && ` · ${t('promptsAdmin.ofTheDay', { day: prompt.day })}`}
                </span>
              </span>
              <button type="button" className="btn btn-small btn-secondary" disabled={remove.isPending} onClick={() => remove.mutate(prompt.id)}>
                {t('promptsAdmin.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor="prompt-locale">{t('promptsAdmin.language')}</label>
        <select id="prompt-locale" className="input" value={locale} onChange={(event) => setLocale(event.target.value as Locale)}>
          {LOCALES.map((name) => (
            <option key={name} value={name}>
              {t(`promptsAdmin.languages.${name}`)}
            </option>
          ))}
        </select>
      </div>
      <TextareaField
        label={t('promptsAdmin.text')}
        textareaProps={{ value: text, onChange: (e) => setText(e.target.value), required: true, maxLength: MAX_TEXT_LENGTH, rows: 2, lang: locale }}
      />
      <TextField label={t('promptsAdmin.day')} inputProps={{ type: 'date', value: day, onChange: (e) => setDay(e.target.value) }} />
    </EditorForm>
  );
}
