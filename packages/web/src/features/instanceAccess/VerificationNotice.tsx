import { lazy, Suspense } from 'react';
import { useAppConfig, useMe } from '../session/api';

const VerificationBanner = lazy(async () => ({ default: (await import('./VerificationBanner')).VerificationBanner }));

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
