import { useLocation } from 'react-router';
import { PlainLayout } from '../../app/AppShell';
import { BackButton } from '../../components/BackButton';
import { InstancePageArticle } from '../../features/instance/InstancePageArticle';
import { InstancePageLinks } from '../../features/instance/InstancePageLinks';

/** /about, /rules, /terms, /privacy: readable signed in or out. */
export function InstancePageScreen() {
  const { pathname } = useLocation();
  return (
    <PlainLayout>
      <div className="screen">
        <BackButton fallback="/" />
        <InstancePageArticle pathname={pathname} />
        <InstancePageLinks />
      </div>
    </PlainLayout>
  );
}
