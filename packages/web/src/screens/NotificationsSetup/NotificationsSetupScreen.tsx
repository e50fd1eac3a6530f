import { useNavigate } from 'react-router';
import { BellRing } from 'lucide-react';
import { messages } from '@askbox/common';
import { PlainLayout } from '../../app/AppShell';
import styles from '../Auth.module.css';

/** Asks for push permission after sign-in. The notifications feature wires 'Enable notifications'. */
export function NotificationsSetupScreen() {
  const navigate = useNavigate();
  return (
    <PlainLayout>
      <div className={styles.onboarding}>
        <BellRing size={72} color="var(--color-accent)" aria-hidden />
        <h1 className={styles.title} style={{ marginTop: 'var(--space-5)' }}>
          {messages.turnOnNotifications}
        </h1>
        <p className={styles.tagline}>Know when someone asks you a question, follows you or likes your answers.</p>
        <div className={styles.actions}>
          <button type="button" className="btn btn-primary btn-block" onClick={() => navigate('/home', { replace: true })}>
            {messages.enableNotifications}
          </button>
          <button type="button" className="btn btn-ghost btn-block" onClick={() => navigate('/home', { replace: true })}>
            {messages.skipForNow}
          </button>
        </div>
      </div>
    </PlainLayout>
  );
}
