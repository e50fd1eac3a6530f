import type { SignupRules } from '@askbox/common';
import { TextareaField } from '../../components/Field';
import { t, translateError } from '../../i18n';
import styles from './InstanceAccess.module.css';

/** What sign-up cannot do under the operator's rules: closed, or invite-only without an invite link. */
export function signupBlockedMessage(rules: SignupRules | undefined, invite: string | null): string | null {
  if (rules?.registrations === 'closed') return translateError({ code: 'registrations_closed' });
  if (rules?.registrations === 'invite' && !invite) return translateError({ code: 'invite_required' });
  return null;
}

export function SignupBlocked({ message }: { message: string }) {
  return (
    <p className={styles.notice} role="status">
      {message}
    </p>
  );
}

export interface SignupExtrasValue {
  reason: string;
  ageConfirmed: boolean;
}

/** The fields the operator's rules add to the spec's form: 'Why do you want to join?' and the age box. */
export function SignupExtraFields({
  rules,
  value,
  onChange,
}: {
  rules: SignupRules | undefined;
  value: SignupExtrasValue;
  onChange(next: SignupExtrasValue): void;
}) {
  return (
    <>
      {rules?.registrations === 'approval' && (
        <TextareaField
          label={t('instanceAccess.joinReason')}
          textareaProps={{
            name: 'reason',
            required: true,
            rows: 3,
            maxLength: 500,
            value: value.reason,
            onChange: (e) => onChange({ ...value, reason: e.target.value }),
          }}
        />
      )}
      {rules && rules.minAge > 0 && (
        <label className={styles.check}>
          <input type="checkbox" required checked={value.ageConfirmed} onChange={(e) => onChange({ ...value, ageConfirmed: e.target.checked })} />
          {t('instanceAccess.ageConfirm', { age: rules.minAge })}
        </label>
      )}
    </>
  );
}

/** After an approval-mode sign-up: nothing to log in to yet. */
export function SignupPending() {
  return (
    <div role="status">
      <p className={styles.notice}>
        <strong>{t('instanceAccess.pendingTitle')}</strong> {t('instanceAccess.pendingText')}
      </p>
    </div>
  );
}
