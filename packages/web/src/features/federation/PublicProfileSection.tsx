import { SettingSwitch, SettingsSection, settingsExplanation } from '../../components/SettingsSection';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { focusAfterRemoval } from '../../components/focusAfterAction';
import { useMe, useAppConfig } from '../session/api';
import { useSetting } from '../settings/api';
import { VisitorQuestionsSwitch } from '../visitors/VisitorQuestionsSwitch';
import { useFederationOn, useRemoteBlocks, useUnblockRemote } from './api';
import { MovingRows } from './MovingRows';
import styles from './Federation.module.css';
import { t } from '../../i18n';

/**
 * Settings › Public profile: off by default. When on, the profile has share cards, an Atom
 * feed and a fediverse address; the section shows them, and the remote accounts and servers the
 * user blocked, with a way to unblock.
 */
export function PublicProfileSection() {
  const publicProfile = useSetting('publicProfile');
  const { alert } = useDialogs();
  const isPublic = publicProfile.value ?? false;

  const onToggle = (on: boolean) => publicProfile.set(on, { onError: () => void alert(t('publicProfileUpdateError')) });

  return (
    <SettingsSection id="settings-public-profile" title={t('outsideAskbox')}>
      <SettingSwitch
        label={t('publicProfile')}
        checked={isPublic}
        disabled={publicProfile.isLoading}
        describedBy="public-profile-explanation"
        onChange={onToggle}
      />
      <p id="public-profile-explanation" className={settingsExplanation}>
        {t('publicProfileExplanation')}
      </p>
      {isPublic && <PublicAddresses />}
      {isPublic && <QuestionAsContentWarning />}
      {isPublic && <VisitorQuestionsSwitch />}
      {isPublic && <Moving />}
      <RemoteBlocks />
    </SettingsSection>
  );
}

/** Moving to or from another fediverse account: only where the server federates. */
function Moving() {
  return useFederationOn() ? <MovingRows /> : null;
}

/** Whether answers sent to the fediverse carry their question as the content warning (decision 301). */
function QuestionAsContentWarning() {
  const setting = useSetting('questionAsContentWarning');
  const federationOn = useFederationOn();
  const { alert } = useDialogs();
  if (!federationOn) return null;
  return (
    <>
      <SettingSwitch
        label={t('questionAsContentWarning')}
        checked={setting.value ?? true}
        disabled={setting.isLoading}
        describedBy="question-cw-explanation"
        onChange={(on) => setting.set(on, { onError: () => void alert(t('safety.settingError')) })}
      />
      <p id="question-cw-explanation" className={settingsExplanation}>
        {t('questionAsContentWarningExplanation')}
      </p>
    </>
  );
}

/** Where the public profile can be found: the fediverse handle and the Atom feed. */
function PublicAddresses() {
  const me = useMe();
  const config = useAppConfig();
  const federationOn = useFederationOn();
  const origin = (config.data?.publicUrl ?? window.location.origin).replace(/\/$/, '');
  const username = me.data?.username;
  if (!username) return null;
  const feed = `${origin}/u/${username}/feed.atom`;
  return (
    <dl className={styles.details}>
      {/* no fediverse address where the server does not federate */}
      {federationOn && (
        <>
          <dt>{t('fediverseAddress')}</dt>
          <dd>
            @{username}@{new URL(origin).host}
          </dd>
        </>
      )}
      <dt>{t('atomFeed')}</dt>
      <dd>
        <a href={feed} target="_blank" rel="noopener">
          {feed}
        </a>
      </dd>
    </dl>
  );
}

function RemoteBlocks() {
  const blocks = useRemoteBlocks();
  const unblock = useUnblockRemote();
  const { confirm } = useDialogs();
  const items = blocks.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <>
      <h3 className={styles.subtitle}>{t('blockedOnOtherServers')}</h3>
      <ul className={styles.list} aria-label={t('blockedOnOtherServers')}>
        {items.map((block) => {
          const label = block.kind === 'actor' ? (block.handle ?? block.target) : block.target;
          return (
            <li key={`${block.kind}:${block.target}`} className={styles.row}>
              <span className={styles.names}>
                <span className={styles.name}>{label}</span>
              </span>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                aria-label={t('unblockUser', { name: label })}
                disabled={unblock.isPending}
                onClick={(event) => {
                  const row = event.currentTarget.closest('li');
                  void (async () => {
                    if (!(await confirm(t('confirmUnblock')))) return;
                    focusAfterRemoval(row);
                    unblock.mutate(block.kind === 'actor' ? { kind: 'actor', target: block.target } : { kind: 'domain', target: block.target });
                  })();
                }}
              >
                {t('unblock')}
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
