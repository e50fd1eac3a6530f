import styles from './Splash.module.css';

/** The logo screen shown while the auth state loads (at least 2 s, then a 0.5 s fade). */
export function Splash({ fading }: { fading: boolean }) {
  return (
    <div className={`${styles.splash} ${fading ? styles.fading : ''}`} role="status" aria-label="Loading Askbox" aria-hidden={fading}>
      <img src="/images/logo.svg" alt="" width={96} height={96} />
      <p className={styles.name}>Askbox</p>
    </div>
  );
}
