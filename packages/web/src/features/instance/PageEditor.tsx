import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { INSTANCE_PAGES, type InstancePageSlug } from '@askbox/common';
import { EditorForm } from '../../components/EditorForm';
import { TextareaField } from '../../components/Field';
import { useInstancePage, useSaveInstancePage } from './api';
import { INSTANCE_PAGE_PATHS } from './paths';
import styles from './Instance.module.css';
import { t } from '../../i18n';

/** Admins write About, Rules, Terms and Privacy in Markdown; the server renders it safely. */
export function PageEditor() {
  const [slug, setSlug] = useState<InstancePageSlug>('rules');
  const page = useInstancePage(slug);
  const save = useSaveInstancePage(slug);
  const [text, setText] = useState('');
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (page.data) setText(page.data.markdown);
  }, [page.data]);

  return (
    <EditorForm
      onSubmit={() => {
        setSaved(false);
        save.mutate(text, { onSuccess: () => setSaved(true) });
      }}
      failure={save.isError ? save.error : null}
      status={saved ? t('instanceEditor.saved') : ''}
      actions={
        <>
          <button type="submit" className="btn btn-primary" disabled={save.isPending || !page.data}>
            {t('instanceEditor.save')}
          </button>
          <Link to={INSTANCE_PAGE_PATHS.find((p) => p.slug === slug)!.path}>{t('instanceEditor.viewPage')}</Link>
        </>
      }
    >
      <div className="field">
        <label htmlFor="instance-page">{t('instanceEditor.pageToEdit')}</label>
        <select
          id="instance-page"
          className="input"
          value={slug}
          onChange={(event) => {
            setSlug(event.target.value as InstancePageSlug);
            setSaved(false);
          }}
        >
          {INSTANCE_PAGES.map((name) => (
            <option key={name} value={name}>
              {t(`instance.${name}`)}
            </option>
          ))}
        </select>
      </div>
      <TextareaField
        label={t('instanceEditor.markdownLabel')}
        hint={page.data?.isDefault ? `${t('instanceEditor.markdownHelp')} ${t('instanceEditor.defaultInUse')}` : t('instanceEditor.markdownHelp')}
        textareaProps={{ className: `textarea ${styles.editor}`, value: text, onChange: (event) => setText(event.target.value), disabled: !page.data }}
      />
    </EditorForm>
  );
}
