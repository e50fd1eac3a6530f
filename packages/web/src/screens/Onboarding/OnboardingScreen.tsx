import { Link } from 'react-router';
import { messages } from '@askbox/common';
import { PlainLayout } from '../../app/AppShell';
import styles from '../Auth.module.css';

export function OnboardingScreen() {
  return (
    <PlainLayout>
      <div className={styles.onboarding}>
        <img src="/images/logo.svg" alt="Askbox logo" width={120} height={120} />
        <h1 className={styles.brand}>Askbox</h1>
        <p className={styles.tagline}>{messages.tagline}</p>
        <div className={styles.actions}>
          <Link to="/signup" className="btn btn-primary btn-block" role="button">
            {messages.signUp}
          </Link>
          <Link to="/login" className="btn btn-secondary btn-block" role="button">
            {messages.logIn}
          </Link>
        </div>
      </div>
    </PlainLayout>
  );
}
