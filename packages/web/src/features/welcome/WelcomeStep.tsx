import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Camera, ShieldCheck } from 'lucide-react';
import { MAX_BIO_LENGTH } from '@askbox/common';

import { errorMessage } from '../../api/client';
import { Avatar } from '../../components/Avatar';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { FollowButton } from '../follows/FollowButton';
import { useRecommendedFriends } from '../friends/api';
import { useSuggesting } from '../friends/ShownSuggestions';
import { useSaveProfile } from '../profiles/api';
import { UserList } from '../profiles/UserList';
import { useViewer } from '../session/api';
import styles from './WelcomeStep.module.css';
import { t } from '../../i18n';

/** How many people the step suggests. */
const PEOPLE_SUGGESTED = 3;

/**
 * The short, optional step after sign-up, at the top of Home: a picture, a bio and three people to
 * follow, each on its own and all skippable. The instance's first account (its admin) is told so,
 * and where the admin tools are.
 */
export function WelcomeStep({ onClose }: { onClose: () => void }) {
  const me = useViewer();
  const id = useId();
  const save = useSaveProfile();
  const dialogs = useDialogs();
  const [bio, setBio] = useState(me.bio);
  const recommended = useRecommendedFriends();
  const people = recommended.data?.items.slice(0, PEOPLE_SUGGESTED) ?? [];
  useSuggesting(
    'welcome',
    people.map((user) => user.username),
  );
  const fields = { fullname: me.fullname, bio: me.bio, website: me.website };

  const onPicture = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    save.mutate({ fields, avatar: file }, { onSuccess: () => dialogs.toast(t('welcomePictureSaved')), onError: (e) => void dialogs.alert(errorMessage(e)) });
  };
  const onBio = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ fields: { ...fields, bio } }, { onSuccess: () => dialogs.toast(t('welcomeBioSaved')), onError: (e) => void dialogs.alert(errorMessage(e)) });
  };

  return (
    <section className={`card ${styles.welcome}`} aria-labelledby={`${id}-title`} data-testid="welcome-step">
      <h2 id={`${id}-title`} className={styles.title}>
        {t('welcomeTitle', { fullname: me.fullname })}
      </h2>
      {me.isAdmin && (
        <p className={styles.admin}>
          <ShieldCheck size={18} aria-hidden /> <span>{t('welcomeAdmin')}</span> <Link to="/settings">{t('welcomeAdminLink')}</Link>
        </p>
      )}
      <p className={styles.intro}>{t('welcomeIntro')}</p>

      <div className={styles.picture}>
        <Avatar src={me.photoURL} name={t('avatarPreview', { fullname: me.fullname })} initialsFrom={me.fullname} seed={me.id} size={56} />
        <input
          id={`${id}-picture`}
          className={styles.fileInput}
          type="file"
          accept="image/*"
          onChange={(e) => onPicture(e.currentTarget)}
          disabled={save.isPending}
        />
        <label htmlFor={`${id}-picture`} className="btn btn-secondary btn-small">
          <Camera size={16} aria-hidden /> {t('welcomePicture')}
        </label>
      </div>

      <form className={styles.bio} onSubmit={onBio}>
        <label htmlFor={`${id}-bio`}>{t('welcomeBio')}</label>
        <textarea id={`${id}-bio`} className="textarea" rows={2} maxLength={MAX_BIO_LENGTH} value={bio} onChange={(e) => setBio(e.target.value)} />
        <button type="submit" className="btn btn-secondary btn-small" disabled={save.isPending || bio === me.bio}>
          {t('save')}
        </button>
      </form>

      {people.length > 0 && (
        <>
          <h3 className={styles.subtitle}>{t('welcomePeople')}</h3>
          <UserList
            users={people}
            label={t('welcomePeople')}
            action={(user) => <FollowButton username={user.username} isFollowing={user.isFollowing} small />}
          />
        </>
      )}

      <div className={styles.buttons}>
        <button type="button" className="btn btn-secondary btn-small" onClick={onClose}>
          {t('welcomeSkip')}
        </button>
        <button type="button" className="btn btn-primary btn-small" onClick={onClose}>
          {t('welcomeDone')}
        </button>
      </div>
    </section>
  );
}
