import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Camera, ImagePlus } from 'lucide-react';
import '../../api/validation';
import {
  clampText,
  errorOfIssue,
  IMAGE_SNIFF_BYTES,
  MAX_BIO_LENGTH,
  MAX_FULLNAME_LENGTH,
  MAX_UPLOAD_BYTES,
  MAX_WEBSITE_LENGTH,
  sniffImageType,
  updateProfileSchema,
} from '@askbox/common';
import { useAppConfig, useViewer } from '../../features/session/api';
import { useSaveProfile } from '../../features/profiles/api';
import { Avatar } from '../../components/Avatar';
import { ErrorBox } from '../../components/ErrorBox';
import { TextareaField, TextField } from '../../components/Field';
import { RemainingCharacters } from '../../components/RemainingCharacters';
import { ApiError, errorMessage } from '../../api/client';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { leaveOrAsk, useAskBeforeLeaving } from '../../components/unsavedChanges';
import styles from './EditProfile.module.css';
import { Cover } from '../../components/Cover';
import { t, translateError, useDocumentTitle } from '../../i18n';

type Kind = 'avatar' | 'cover';

/** A picked image with its local preview URL (revoked when replaced or on leaving). */
function usePickedImage() {
  const [picked, setPicked] = useState<{ file: File; preview: string } | null>(null);
  useEffect(
    () => () => {
      if (picked) URL.revokeObjectURL(picked.preview);
    },
    [picked],
  );
  return [picked, (file: File | null) => setPicked(file ? { file, preview: URL.createObjectURL(file) } : null)] as const;
}

/** Cancel, the tab bar, and closing or reloading the tab ask before unsaved edits are thrown away. */
function useAskBeforeDiscarding(state: { unsaved: boolean; lostOnUnload: boolean }) {
  const dialogs = useDialogs();
  const askToDiscard = useCallback(
    // danger: the dialog opens on 'Keep editing', so a hurried Enter keeps the edits
    () => dialogs.confirm(t('discardChangesQuestion'), { confirmLabel: t('discardChanges'), cancelLabel: t('keepEditing'), danger: true }),
    [dialogs],
  );
  useAskBeforeLeaving(state, askToDiscard);
}

const TEXT_FIELDS = ['fullname', 'bio', 'website'] as const;
type TextFieldName = (typeof TEXT_FIELDS)[number];

/** a scheme, not words: the same in every language */
const URL_PLACEHOLDER = 'https://';

export function EditProfileScreen() {
  useDocumentTitle(t('titles.editProfile'));
  const me = useViewer();
  const config = useAppConfig();
  const navigate = useNavigate();
  const save = useSaveProfile();
  const [fullname, setFullname] = useState(me.fullname);
  const [bio, setBio] = useState(me.bio);
  const [website, setWebsite] = useState(me.website);
  const [avatar, setAvatar] = usePickedImage();
  const [cover, setCover] = usePickedImage();
  const [progress, setProgress] = useState<Partial<Record<Kind, number>>>({});
  // a refused field is named under itself, marked invalid and focused (the first one the schema names)
  const [fieldError, setFieldError] = useState<{ field: TextFieldName; message: string } | null>(null);
  // a refused file is named next to the pickers, at once, until the next action; the previous picture stays
  const [pickError, setPickError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const changed = fullname !== me.fullname || bio !== me.bio || website !== me.website || avatar !== null || cover !== null;
  // while saving, leaving in the app lets the save finish, but closing the tab would abort its uploads
  useAskBeforeDiscarding({ unsaved: changed && !save.isPending && !save.isSuccess, lostOnUnload: changed && !save.isSuccess });
  const ids = { fullname: useId(), bio: useId(), website: useId(), avatar: useId(), cover: useId() };

  const onPick = async (kind: Kind, input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = ''; // picking the same file again after a refusal still reports it
    setPickError(null);
    if (!file) return;
    setSaveError(null);
    // the first bytes decide, as on the server: a renamed text file is not a picture
    const head = new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer());
    const refusal = !sniffImageType(head) ? t('errors.invalid_image') : file.size > MAX_UPLOAD_BYTES ? t('errors.file_too_large') : undefined;
    setPickError(refusal ?? null);
    if (!refusal) (kind === 'avatar' ? setAvatar : setCover)(file);
  };

  // a refused file is old news once the person does something else
  const edited = (set: (value: string) => void, value: string) => {
    setPickError(null);
    set(value);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaveError(null);
    setPickError(null);
    const parsed = updateProfileSchema.safeParse({ fullname, bio, website });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = TEXT_FIELDS.find((name) => name === issue?.path[0]) ?? 'fullname';
      setFieldError({ field, message: translateError(errorOfIssue(issue)) });
      document.getElementById(ids[field])?.focus();
      return;
    }
    setFieldError(null);
    setProgress({});
    save.mutate(
      { fields: parsed.data, avatar: avatar?.file, cover: cover?.file, onProgress: (kind, percent) => setProgress((p) => ({ ...p, [kind]: percent })) },
      {
        onSuccess: () => void navigate('/profile'),
        // the spec's message, with the server's reason when it gave one (e.g. a file that is not an image)
        onError: (error) => {
          setProgress({}); // nothing is uploading any more: no progress bar left standing at 100 %
          setSaveError(
            error instanceof ApiError && error.status > 0 && error.status < 500
              ? t('errorUpdatingProfileBecause', { reason: errorMessage(error) })
              : t('errorUpdatingProfile'),
          );
        },
      },
    );
  };

  const errorsOf = (field: TextFieldName) => (fieldError?.field === field ? [fieldError.message] : null);

  const coverUrl = cover?.preview ?? me.coverURL;
  return (
    <form className="screen" onSubmit={onSubmit} noValidate>
      <h1 className="screen-title">{t('editProfile')}</h1>

      <Cover url={coverUrl} className={styles.cover} testId="cover-preview">
        <input id={ids.cover} className={styles.fileInput} type="file" accept="image/*" onChange={(e) => void onPick('cover', e.currentTarget)} />
        <label htmlFor={ids.cover} className={`btn btn-small ${styles.coverButton}`}>
          <ImagePlus size={18} aria-hidden /> {t('changeCover')}
        </label>
      </Cover>
      <div className={styles.avatarRow}>
        <Avatar src={avatar?.preview ?? me.photoURL} name={t('avatarPreview', { fullname: me.fullname })} initialsFrom={me.fullname} seed={me.id} size={96} />
        <input id={ids.avatar} className={styles.fileInput} type="file" accept="image/*" onChange={(e) => void onPick('avatar', e.currentTarget)} />
        <label htmlFor={ids.avatar} className={`btn btn-small btn-secondary ${styles.avatarButton}`}>
          <Camera size={18} aria-hidden /> {t('changeProfilePicture')}
        </label>
      </div>
      {pickError && <ErrorBox className={styles.pickError}>{pickError}</ErrorBox>}
      {(['avatar', 'cover'] as const).map(
        (kind) =>
          progress[kind] !== undefined && (
            <div className="field" key={kind}>
              <span className="hint">{kind === 'avatar' ? t('uploadingProfilePicture') : t('uploadingCover')}</span>
              <progress
                className={styles.progress}
                max={100}
                value={progress[kind]}
                aria-label={kind === 'avatar' ? t('profilePictureUpload') : t('coverUpload')}
              />
            </div>
          ),
      )}

      <TextField
        id={ids.fullname}
        label={t('fullnameLabel')}
        errors={errorsOf('fullname')}
        errorClassName={styles.fieldError}
        inputProps={{
          value: fullname,
          onChange: (e) => edited(setFullname, e.target.value),
          autoComplete: 'name',
          required: true,
          maxLength: MAX_FULLNAME_LENGTH,
        }}
      />
      <TextField
        label={t('usernameLabel')}
        // the product spec's text, unless the instance lets people change it (USERNAME_CHANGES)
        hint={config.data?.usernameChanges ? t('selfService.usernameInSettings') : t('usernameCannotChange')}
        inputProps={{ className: `input ${styles.readonly}`, value: `@${me.username}`, readOnly: true }}
      />
      <TextareaField
        id={ids.bio}
        label={t('bioLabel')}
        errors={errorsOf('bio')}
        errorClassName={styles.fieldError}
        describedBy={`${ids.bio}-count`}
        after={<RemainingCharacters id={`${ids.bio}-count`} text={bio} max={MAX_BIO_LENGTH} />}
        textareaProps={{ value: bio, onChange: (e) => edited(setBio, clampText(e.target.value, MAX_BIO_LENGTH)) }}
      />
      <TextField
        id={ids.website}
        label={t('websiteLabel')}
        errors={errorsOf('website')}
        errorClassName={styles.fieldError}
        inputProps={{
          type: 'url',
          inputMode: 'url',
          placeholder: URL_PLACEHOLDER,
          value: website,
          onChange: (e) => edited(setWebsite, e.target.value),
          maxLength: MAX_WEBSITE_LENGTH,
        }}
      />

      {saveError && <ErrorBox>{saveError}</ErrorBox>}
      <div className={styles.buttons}>
        <Link to="/profile" className="btn btn-secondary" onClick={(event) => leaveOrAsk(event, () => void navigate('/profile'))}>
          {t('cancel')}
        </Link>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? t('saving') : t('save')}
        </button>
      </div>
    </form>
  );
}
