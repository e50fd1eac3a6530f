import { AskFromFediverse } from '../../features/federation/AskFromFediverse';
import { Link } from 'react-router';
import { Settings } from 'lucide-react';

import { AnswersList } from '../../features/answers/AnswersList';
import { useAppConfig, useViewer } from '../../features/session/api';
import { AskBox } from '../../features/questions/AskBox';
import { useProfile } from '../../features/profiles/api';
import { ProfileHeader } from '../../features/profiles/ProfileHeader';
import { ShareProfileButton } from '../../features/profiles/ShareProfileButton';
import { ShareYourLinkCard } from '../../features/profiles/ShareYourLinkCard';
import { LoadError } from '../../components/LoadError';
import { useSetting } from '../../features/settings/api';
import { t, useDocumentTitle } from '../../i18n';

/** The signed-in user's own profile; text fields come from the session, counters from the server. */
export function ProfileScreen() {
  useDocumentTitle(t('titles.profile'));
  const me = useViewer();
  const config = useAppConfig();
  const profile = useProfile(me.username);
  // the setting, not the profile: it is the owner's, and changes on this device first
  const publicProfile = useSetting('publicProfile').value ?? false;
  const user = {
    id: me.id,
    username: me.username,
    fullname: me.fullname,
    photoURL: me.photoURL,
    coverURL: me.coverURL,
    badge: me.badge,
    bio: me.bio,
    website: me.website,
    refusesAnonymousQuestions: profile.data?.user.refusesAnonymousQuestions ?? false,
    publicProfile,
    movedTo: profile.data?.user.movedTo ?? null,
  };
  return (
    <div>
      <ProfileHeader
        profile={{ user, counts: profile.data?.counts ?? null }}
        coverEnd={
          <>
            <ShareProfileButton username={me.username} fullname={me.fullname} />
            <Link to="/settings" className="icon-btn" aria-label={t('settings')}>
              <Settings size={20} aria-hidden />
            </Link>
          </>
        }
        actions={
          <Link to="/edit-profile" className="btn btn-secondary btn-small">
            {t('editProfile')}
          </Link>
        }
      />
      <div className="screen">
        {profile.isError && <LoadError error={profile.error} onRetry={() => void profile.refetch()} />}
        {/* FIRST_LOOK=on: your link, so others ask you, instead of the spec's ask box addressed to yourself */}
        {config.data?.firstLook === false ? <AskBox receiverUsername={me.username} /> : <ShareYourLinkCard username={me.username} fullname={me.fullname} />}
        <AskFromFediverse username={me.username} publicProfile={publicProfile} />
        <h2 className="section-title">{t('answers')}</h2>
        <AnswersList username={me.username} isOwnProfile />
      </div>
    </div>
  );
}
