import { useState } from 'react';
import { PasswordField } from '../../components/PasswordField';
import { t } from '../../i18n';
import { revealLabels } from './revealLabels';

/** The new password typed twice, as the change and reset forms both ask for it. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  return { password, repeatPassword, setPassword, setRepeatPassword, mismatch: password !== repeatPassword };
}

export type NewPassword = ReturnType<typeof useNewPassword>;

/** 'New password' and 'Repeat new password', each with its own show/hide button. */
export function NewPasswordFields({ value }: { value: NewPassword }) {
  return (
    <>
      <PasswordField
        label={t('selfService.newPassword')}
        toggleLabels={revealLabels(t('selfService.toggleNew'))}
        name="new-password"
        autoComplete="new-password"
        value={value.password}
        onChange={value.setPassword}
      />
      <PasswordField
        label={t('selfService.repeatNewPassword')}
        toggleLabels={revealLabels(t('selfService.toggleRepeated'))}
        name="repeat-password"
        autoComplete="new-password"
        value={value.repeatPassword}
        onChange={value.setRepeatPassword}
      />
    </>
  );
}
