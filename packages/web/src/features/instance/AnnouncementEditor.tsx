import { useState } from 'react';
import { EditorForm, editorRow } from '../../components/EditorForm';
import { TextField, TextareaField } from '../../components/Field';
import { useAdminAnnouncement, useEndAnnouncement, useScheduleAnnouncement } from './api';
import { t } from '../../i18n';

/** `datetime-local` speaks the device's local time, without a zone. */
const localInputValue = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** Admins schedule the banner: its text per language, its start and (optional) end. */
export function AnnouncementEditor() {
  const latest = useAdminAnnouncement();
  const schedule = useScheduleAnnouncement();
  const end = useEndAnnouncement();
  const [textEn, setTextEn] = useState('');
  const [textFr, setTextFr] = useState('');
  const [startsAt, setStartsAt] = useState(() => localInputValue(new Date()));
  const [endsAt, setEndsAt] = useState('');
  const [status, setStatus] = useState('');
  const failure = schedule.error ?? end.error;

  return (
    <EditorForm
      explanation={t('instanceEditor.announcementHelp')}
      onSubmit={() => {
        setStatus('');
        schedule.mutate(
          { textEn, textFr, startsAt: new Date(startsAt).toISOString(), endsAt: endsAt ? new Date(endsAt).toISOString() : null },
          { onSuccess: () => setStatus(t('instanceEditor.scheduled')) },
        );
      }}
      failure={failure}
      status={status}
      actions={
        <>
          <button type="submit" className="btn btn-primary" disabled={schedule.isPending}>
            {t('instanceEditor.schedule')}
          </button>
          {latest.data && (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={end.isPending}
              onClick={() => end.mutate(undefined, { onSuccess: () => setStatus(t('instanceEditor.ended')) })}
            >
              {t('instanceEditor.endNow')}
            </button>
          )}
        </>
      }
    >
      {latest.data && <p className="muted">{t('instanceEditor.latest', { text: latest.data.textEn })}</p>}
      <TextareaField
        label={t('instanceEditor.textEn')}
        textareaProps={{ value: textEn, onChange: (e) => setTextEn(e.target.value), required: true, maxLength: 500, rows: 2 }}
      />
      <TextareaField
        label={t('instanceEditor.textFr')}
        textareaProps={{ value: textFr, onChange: (e) => setTextFr(e.target.value), maxLength: 500, rows: 2, lang: 'fr' }}
      />
      <div className={editorRow}>
        <TextField
          label={t('instanceEditor.startsAt')}
          inputProps={{ type: 'datetime-local', value: startsAt, onChange: (e) => setStartsAt(e.target.value), required: true }}
        />
        <TextField label={t('instanceEditor.endsAt')} inputProps={{ type: 'datetime-local', value: endsAt, onChange: (e) => setEndsAt(e.target.value) }} />
      </div>
    </EditorForm>
  );
}
