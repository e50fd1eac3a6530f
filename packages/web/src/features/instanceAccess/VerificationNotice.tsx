import { lazy, Suspense } from 'react';
import { useAppConfig, useMe } from '../session/api';
import { loadLaterTexts } from '../../i18n';

// with its texts, which are not among the first screens' (i18n/index.ts)
const VerificationBanner = lazy(async () => ({ default: (await Promise.all([import('./VerificationBanner'), loadLaterTexts()]))[0].VerificationBanner }));

/** The 'confirm your address' banner, loaded only for someone who has one to confirm (EMAIL_VERIFICATION=on). */
export function VerificationNotice() {
  const { data: me } = useMe();
  const waiting = useAppConfig().data?.signup.emailVerification === true && me?.emailVerified === false;
  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <VerificationBanner />
    </Suspense>
  );
}
