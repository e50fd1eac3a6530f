import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Ban, ShieldOff, UserX } from 'lucide-react';

import { PlainLayout } from '../../app/AppShell';
import { AskBox } from '../../features/questions/AskBox';
import { AskFromFediverse } from '../../features/federation/AskFromFediverse';
import { AnswersList } from '../../features/answers/AnswersList';
import { BackButton } from '../../components/BackButton';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { Spinner } from '../../components/Spinner';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { focusWhenReady } from '../../components/focusAfterAction';
import { ApiError, errorMessage } from '../../api/client';
import { useMe } from '../../features/session/api';
import { useProfile } from '../../features/profiles/api';
import { ProfileHeader, ProfileHeaderLoading } from '../../features/profiles/ProfileHeader';
import { FollowButton } from '../../features/follows/FollowButton';
import { useBlockToggle } from '../../features/blocks/api';
import { ReportButton } from '../../features/moderation/ReportButton';
import styles from './PublicProfile.module.css';
import { t, useDocumentTitle } from '../../i18n';

/** Someone's profile, or one of their answers (`answerId`), for a signed-in reader (ProfileRoute sends others to SignedOutProfileScreen). */
export function PublicProfileScreen() {
  const { username = '', answerId } = useParams();
  const { data: me } = useMe();
  useDocumentTitle(t('titles.publicProfile', { username: username.toLowerCase() }));
  // signed out, the route shows SignedOutProfileScreen instead (a chunk of its own)
  if (!me) return null;
  if (me.username === username.toLowerCase()) return <RedirectToOwnProfile to={answerId ? `/profile#post-${encodeURIComponent(answerId)}` : '/profile'} />;
  return <OtherProfile username={username.toLowerCase()} />;
}

function RedirectToOwnProfile({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return (
    <PlainLayout>
      <div className={`screen ${styles.state}`}>
        <Spinner label={t('redirecting')} />
        <p className="muted">{t('redirecting')}</p>
      </div>
    </PlainLayout>
  );
}

function StateScreen({ icon, title, text, children }: { icon: React.ReactNode; title: string; text?: string; children?: React.ReactNode }) {
  return (
    <PlainLayout withNavigation>
      <div className={styles.topBar}>
        <BackButton fallback="/home" />
      </div>
      <div className={`screen ${styles.state}`}>
        {icon}
        <h1>{title}</h1>
        {text && <p className="muted">{text}</p>}
        {children}
      </div>
    </PlainLayout>
  );
}

/** A former name (Settings › Change username) found the account: the address changes to its current name. */
function useCurrentAddress(username: string, currentUsername: string | undefined, isSelf: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (!currentUsername || currentUsername === username) return;
    const answerId = /^\/u\/[^/]+\/answers\/([^/]+)/.exec(location.pathname)?.[1];
    const to = isSelf
      ? answerId
        ? `/profile#post-${answerId}`
        : '/profile'
      : `${location.pathname.replace(/^\/u\/[^/]+/, `/u/${encodeURIComponent(currentUsername)}`)}${location.search}${location.hash}`;
    void navigate(to, { replace: true });
  }, [currentUsername, isSelf, username, location, navigate]);
}

function OtherProfile({ username }: { username: string }) {
  const profile = useProfile(username);
  useCurrentAddress(username, profile.data?.user.username, profile.data?.viewer.isSelf ?? false);
  const blockToggle = useBlockToggle();
  const { confirm, alert } = useDialogs();
  // Block and Débloquer replace each other: focus follows to the one that appears
  const blockButton = useRef<HTMLButtonElement>(null);
  const unblockButton = useRef<HTMLButtonElement>(null);

  const setBlocked = async (block: boolean) => {
    if (!(await confirm(block ? t('confirmBlock') : t('confirmUnblock'), { confirmLabel: block ? t('block') : t('unblock'), danger: true }))) return;
    focusWhenReady(() => (block ? unblockButton : blockButton).current);
    blockToggle.mutate(
      { key: username, on: block },
      {
        // a failed unblock is silent (the screen reloads from the server); a failed block says why
        onError: (error) => (block ? void alert(errorMessage(error)) : console.error('unblock failed', error)),
      },
    );
  };

  if (profile.isPending) {
    // the way back and the header's room while it loads, or while it waits for the network
    return (
      <PlainLayout withNavigation>
        <ProfileHeaderLoading username={username} coverStart={<BackButton fallback="/home" />} />
        <div className="screen">
          <Loading query={profile} label={t('loadingProfile')} />
        </div>
      </PlainLayout>
    );
  }
  if (profile.isError) {
    const error = profile.error;
    if (error instanceof ApiError && error.code === 'blocked_by_user') {
      return <StateScreen icon={<Ban size={56} color="var(--color-danger)" aria-hidden />} title={t('youHaveBeenBlocked')} text={t('blockedByThemText')} />;
    }
    if (error instanceof ApiError && error.status === 404) {
      return <StateScreen icon={<UserX size={56} color="var(--color-text-muted)" aria-hidden />} title={t('userNotFound')} text={t('userNotFoundText')} />;
    }
    return (
      <StateScreen icon={<UserX size={56} color="var(--color-text-muted)" aria-hidden />} title={t('somethingWentWrong')}>
        <LoadError error={error} onRetry={() => void profile.refetch()} />
      </StateScreen>
    );
  }

  const data = profile.data;
  if (data.viewer.blockedByViewer) {
    return (
      <StateScreen icon={<ShieldOff size={56} color="var(--color-danger)" aria-hidden />} title={t('userBlocked')} text={t('youBlockedText')}>
        <button ref={unblockButton} type="button" className="btn btn-primary" onClick={() => void setBlocked(false)} disabled={blockToggle.isPending}>
          {t('unblockFr')}
        </button>
      </StateScreen>
    );
  }

  return (
    <PlainLayout withNavigation>
      <ProfileHeader
        profile={data}
        coverStart={<BackButton fallback="/home" />}
        coverEnd={
          <>
            <ReportButton kind="profile" target={data.user.username} />
            <button
              ref={blockButton}
              type="button"
              className="icon-btn"
              aria-label={t('blockThisUser')}
              onClick={() => void setBlocked(true)}
              disabled={blockToggle.isPending}
            >
              <Ban size={20} aria-hidden />
            </button>
          </>
        }
        actions={<FollowButton username={data.user.username} isFollowing={data.viewer.isFollowing} />}
      />
      <div className="screen">
        <AskBox receiverUsername={data.user.username} anonymousAllowed={!data.user.refusesAnonymousQuestions} refusal={data.viewer.askRefusal} />
        <AskFromFediverse username={data.user.username} publicProfile={data.user.publicProfile} />
        <h2 className="section-title">{t('answers')}</h2>
        <AnswersList username={data.user.username} isOwnProfile={false} />
      </div>
    </PlainLayout>
  );
}
